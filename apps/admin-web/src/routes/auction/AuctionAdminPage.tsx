import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, Tabs, Tag, type ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPrice, useLiveTopic } from '@tp/web-kit';
import type { AdminAuctionListRequest, AuctionItem } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { formatTime } from '../../components/format';
import { queryClient } from '../../api/client';
import { auctionKeys, useAdminAuctions, useAuditAuction, useStopAuction } from './api';

const PAGE_SIZE = 20;

/** A reason asked before failing an audit or stopping a lot; the server records it in the audit log. */
function ReasonModal({ title, testId, onSubmit, onClose }: { title: string; testId: string; onSubmit: (reason: string) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': `${testId}-ok` } as ButtonProps}
      onOk={() =>
        void form.validateFields().then(async ({ reason }) => {
          setBusy(true);
          try {
            await onSubmit(reason);
            onClose();
          } finally {
            setBusy(false);
          }
        })
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('auction.reason')} rules={[{ required: true, whitespace: true, message: t('auction.reasonRequired') }]}>
          <Input.TextArea maxLength={200} data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Lots of one view: awaiting audit (pass or fail), or live (notice and bidding, pushed live; stop with a reason). */
function AuctionTab({ view }: { view: 'audit' | 'live' | 'all' }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(0);
  const [reasonFor, setReasonFor] = useState<{ item: AuctionItem; action: 'fail' | 'stop' } | null>(null);
  const query: AdminAuctionListRequest = { ...(view === 'audit' ? { auditStatus: 'P' } : view === 'live' ? { auditStatus: 'T' } : {}), page, size: PAGE_SIZE };
  const lots = useAdminAuctions(query);
  const audit = useAuditAuction();
  const stop = useStopAuction();
  // The monitor follows every lot's pushes: prices, leaders and extended ends show as they happen.
  useLiveTopic(view === 'live' ? 'auction:*' : undefined, () => void queryClient.invalidateQueries({ queryKey: auctionKeys.all() }));
  const rows = (lots.data?.content ?? []).filter((r) => view !== 'live' || r.status === '0' || r.status === '1' || r.status === 'N');
  const columns: ColumnsType<AuctionItem> = [
    { title: t('auction.fields.itemId'), dataIndex: 'itemId' },
    { title: t('auction.fields.seller'), dataIndex: 'sellerFirmId' },
    {
      title: t('auction.fields.commodity'),
      render: (_, r) => (
        <>
          {`${r.commodityName} ${r.gradeName}`}
          {r.bsFlag === 'B' && (
            <Tag color="purple" style={{ marginLeft: 8 }} data-testid="auction-direction">
              {t('auction.marginBuy')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('auction.fields.weight'), dataIndex: 'weight' },
    { title: t('auction.fields.startingUnitPrice'), render: (_, r) => formatPrice(r.startingUnitPrice) },
    { title: t('auction.fields.currentPrice'), render: (_, r) => formatPrice(r.currentPrice) },
    { title: t('auction.fields.deposit'), render: (_, r) => formatMoney(r.deposit) },
    { title: t('auction.fields.bidCount'), dataIndex: 'bidCount' },
    { title: t('auction.fields.leader'), render: (_, r) => r.leader ?? '-' },
    { title: t('auction.fields.window'), render: (_, r) => `${formatTime(r.startTime)} – ${formatTime(r.endTime)}` },
    { title: t('auction.fields.status'), render: (_, r) => <Tag data-testid="auction-status" data-status={r.status}>{t(`auction.status.${r.status === '2' && r.unsold ? 'unsold' : r.status}`)}</Tag> },
    { title: t('auction.fields.reason'), render: (_, r) => r.reason || '-' },
    {
      title: t('auction.fields.action'),
      render: (_, r) => (
        <Space>
          {r.auditStatus === 'P' && r.status === 'N' && (
            <>
              <Button
                size="small"
                type="primary"
                data-testid="auction-pass"
                onClick={() =>
                  modal.confirm({
                    title: t('auction.passConfirm', { id: r.itemId }),
                    okButtonProps: { 'data-testid': 'auction-pass-ok' } as ButtonProps,
                    onOk: () => audit.mutateAsync({ itemId: r.itemId, pass: true }).then(() => void message.success(t('auction.passed'))),
                  })
                }
              >
                {t('auction.pass')}
              </Button>
              <Button size="small" danger data-testid="auction-fail" onClick={() => setReasonFor({ item: r, action: 'fail' })}>
                {t('auction.fail')}
              </Button>
            </>
          )}
          {r.status !== '2' && r.status !== 'U' && r.auditStatus === 'T' && (
            <Button size="small" danger data-testid="auction-stop" onClick={() => setReasonFor({ item: r, action: 'stop' })}>
              {t('auction.stop')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Table<AuctionItem>
        size="small"
        rowKey="itemId"
        scroll={{ x: true }}
        loading={lots.isPending}
        columns={columns}
        dataSource={rows}
        onRow={(r) => ({ 'data-testid': 'auction-row', 'data-item': r.itemId }) as object}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: lots.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
      />
      {reasonFor && (
        <ReasonModal
          title={t(reasonFor.action === 'fail' ? 'auction.failTitle' : 'auction.stopTitle', { id: reasonFor.item.itemId })}
          testId={`auction-${reasonFor.action}`}
          onClose={() => setReasonFor(null)}
          onSubmit={(reason) =>
            (reasonFor.action === 'fail' ? audit.mutateAsync({ itemId: reasonFor.item.itemId, pass: false, reason }) : stop.mutateAsync({ itemId: reasonFor.item.itemId, reason })).then(
              () => void message.success(t(reasonFor.action === 'fail' ? 'auction.failed' : 'auction.stopped')),
            )
          }
        />
      )}
    </>
  );
}

/** `/auction`: auction audit, the live monitor and every lot. */
export function AuctionAdminPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('auction.title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'audit', label: <span data-testid="auction-tab-audit">{t('auction.tabs.audit')}</span>, children: <AuctionTab view="audit" /> },
          { key: 'live', label: <span data-testid="auction-tab-live">{t('auction.tabs.live')}</span>, children: <AuctionTab view="live" /> },
          { key: 'all', label: <span data-testid="auction-tab-all">{t('auction.tabs.all')}</span>, children: <AuctionTab view="all" /> },
        ]}
      />
    </PageCard>
  );
}

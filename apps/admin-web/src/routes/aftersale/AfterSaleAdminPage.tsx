import { useState } from 'react';
import { App, Button, Descriptions, Form, Input, Modal, Segmented, Space, Table, Tag, Timeline, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@tp/web-kit';
import type { AfterSaleRequestView } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { StaffThumb } from '../../components/ReviewQueue';
import { useAdminAfterSales, useDecideAfterSale } from './api';

const PAGE_SIZE = 20;
type View = 'arbitrating' | 'all';

/** What both parties said, the photos, both shipments and every step, for staff deciding an arbitration. */
function RequestDetail({ request }: { request: AfterSaleRequestView }) {
  const { t } = useTranslation();
  const tracking = (carrier: string | null, no: string | null) => (no ? `${carrier ?? ''} ${no}` : '-');
  return (
    <div data-testid="aftersale-detail">
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label={t('aftersale.fields.reason')} span={2}>
          {request.reason}
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersale.fields.sellerReason')} span={2}>
          {request.sellerReason ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersale.fields.arbitrationReason')} span={2}>
          {request.arbitrationReason ?? '-'}
        </Descriptions.Item>
        {request.decision && (
          <Descriptions.Item label={t('aftersale.fields.decision')} span={2}>
            {`${t(`aftersale.decision.${request.decision}`)}: ${request.decisionReason ?? ''}`}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('aftersale.fields.returnTracking')}>{tracking(request.returnCarrier, request.returnTrackingNo)}</Descriptions.Item>
        <Descriptions.Item label={t('aftersale.fields.replacementTracking')}>{tracking(request.replacementCarrier, request.replacementTrackingNo)}</Descriptions.Item>
      </Descriptions>
      {request.photos.length > 0 && (
        <Space wrap style={{ marginTop: 12 }}>
          {request.photos.map((p) => (
            <StaffThumb key={p.id} thumbUrl={p.url} url={p.url} alt={t('aftersale.fields.photos')} width={96} height={72} testId="aftersale-photo" />
          ))}
        </Space>
      )}
      <Timeline
        style={{ marginTop: 16 }}
        items={request.history.map((h) => ({ children: `${new Date(h.at).toLocaleString()} · ${h.actor} · ${t(`aftersale.status.${h.to}`)}${h.note ? ` · ${h.note}` : ''}` }))}
      />
    </div>
  );
}

/** `/aftersale`: returns and exchanges, the arbitration queue first; staff decide for the buyer (it goes on as accepted) or the seller (closed), with a reason. */
export function AfterSaleAdminPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [view, setView] = useState<View>('arbitrating');
  const [page, setPage] = useState(0);
  const list = useAdminAfterSales({ ...(view === 'arbitrating' ? { status: 'arbitrating' as const } : {}), page, size: PAGE_SIZE });
  const decide = useDecideAfterSale();
  const [deciding, setDeciding] = useState<{ request: AfterSaleRequestView; favour: 'buyer' | 'seller' } | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <PageCard title={t('aftersale.title')}>
      <Segmented<View>
        data-testid="aftersale-view"
        style={{ marginBottom: 16 }}
        value={view}
        onChange={(v) => {
          setView(v);
          setPage(0);
        }}
        options={(['arbitrating', 'all'] as const).map((v) => ({ value: v, label: t(`aftersale.views.${v}`) }))}
      />
      <Table<AfterSaleRequestView>
        size="small"
        rowKey="requestId"
        scroll={{ x: true }}
        loading={list.isPending}
        locale={{ emptyText: list.isError ? t('aftersale.loadFailed') : t('aftersale.empty') }}
        dataSource={list.data?.content ?? []}
        onRow={(r) => ({ 'data-testid': 'aftersale-row', 'data-request': r.requestId }) as object}
        expandable={{ expandedRowRender: (r) => <RequestDetail request={r} /> }}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: t('aftersale.fields.requestId'), dataIndex: 'requestId' },
          { title: t('aftersale.fields.order'), render: (_, r) => `${t(`aftersale.kind.${r.kind}`)} ${r.orderId}` },
          { title: t('aftersale.fields.title'), dataIndex: 'title' },
          { title: t('aftersale.fields.parties'), render: (_, r) => t('aftersale.partiesOf', { buyer: r.buyerFirmId, seller: r.sellerFirmId }) },
          { title: t('aftersale.fields.type'), render: (_, r) => t(`aftersale.type.${r.type}`) },
          { title: t('aftersale.fields.amount'), render: (_, r) => (r.type === 'return' ? formatMoney(r.amount) : '-') },
          { title: t('aftersale.fields.status'), render: (_, r) => <Tag data-testid="aftersale-status" data-status={r.status}>{t(`aftersale.status.${r.status}`)}</Tag> },
          {
            title: t('aftersale.fields.action'),
            render: (_, r) =>
              r.status === 'arbitrating' ? (
                <Space>
                  <Button size="small" type="primary" data-testid="aftersale-for-buyer" onClick={() => setDeciding({ request: r, favour: 'buyer' })}>
                    {t('aftersale.decision.buyer')}
                  </Button>
                  <Button size="small" danger data-testid="aftersale-for-seller" onClick={() => setDeciding({ request: r, favour: 'seller' })}>
                    {t('aftersale.decision.seller')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={deciding !== null}
        title={deciding ? t(deciding.favour === 'buyer' ? 'aftersale.confirmBuyer' : 'aftersale.confirmSeller', { id: deciding.request.requestId, amount: formatMoney(deciding.request.amount) }) : ''}
        onCancel={() => setDeciding(null)}
        okButtonProps={{ loading: decide.isPending, 'data-testid': 'aftersale-decide-ok' } as ButtonProps}
        onOk={() =>
          void form.validateFields().then(
            ({ reason }) =>
              decide.mutateAsync({ requestId: deciding!.request.requestId, favour: deciding!.favour, reason }).then(() => {
                form.resetFields();
                setDeciding(null);
                void message.success(t('aftersale.done'));
              }),
            () => undefined,
          )
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={t('aftersale.fields.decisionReason')} rules={[{ required: true, whitespace: true, max: 500, message: t('aftersale.rules.reason') }]}>
            <Input.TextArea data-testid="aftersale-decide-reason" rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </PageCard>
  );
}

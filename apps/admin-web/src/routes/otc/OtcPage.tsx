import { useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Form, Input, List, Modal, Radio, Segmented, Space, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { staffMay, type OtcAd, type OtcAppealType, type OtcAdminAppealRow, type OtcAdminMerchantRow, type OtcAppealStatus, type OtcMerchantStatus } from '@tp/contract';
import { formatMoney } from '@tp/web-kit';
import { useAppealDecision, useOtcAds, useOtcAppeal, useOtcAppeals, useOtcMerchants, useReviewMerchant, useTakeDownAd, otcImagePath } from '../../api/otc';
import { useStaffAccess } from '../../api/staff';
import { PageCard } from '../../components/PageCard';
import { StaffThumb } from '../../components/ReviewQueue';
import { formatTime } from '../../components/format';

const MERCHANT_STATUSES = ['submitted', 'approved', 'rejected', 'quit'] as const;
const APPEAL_STATUSES = ['waiting', 'passed', 'rejected', 'completed', 'revoked'] as const;

function Picture({ id, testId }: { id: string; testId: string }) {
  return <StaffThumb thumbUrl={otcImagePath(id)} url={null} alt={id} width={160} height={120} testId={testId} fallback={<span>✕</span>} />;
}

/** Asks for the reason the decision's readers see (at least 2 characters). */
function ReasonModal({ title, onSubmit, onClose, testId }: { title: string; onSubmit: (reason: string) => Promise<unknown>; onClose: () => void; testId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  async function submit() {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      onClose();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open title={title} onOk={() => void submit()} onCancel={onClose} confirmLoading={busy} okText={t('otc.confirm')} cancelText={t('otc.cancel')} okButtonProps={{ 'data-testid': `${testId}-ok` }}>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('otc.reason')} rules={[{ required: true, whitespace: true, min: 2, message: t('otc.reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={300} data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MerchantsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [status, setStatus] = useState<OtcMerchantStatus>('submitted');
  const [page, setPage] = useState(0);
  const list = useOtcMerchants({ status, page, size: 10 });
  const review = useReviewMerchant();
  const [open, setOpen] = useState<OtcAdminMerchantRow>();
  const [rejecting, setRejecting] = useState(false);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented value={status} onChange={(v) => (setStatus(v), setPage(0))} options={MERCHANT_STATUSES.map((s) => ({ value: s, label: t(`otc.merchantStatus.${s}`) }))} />
      <Table<OtcAdminMerchantRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.content}
        locale={{ emptyText: list.isLoading ? ' ' : t('otc.empty') }}
        pagination={{ current: page + 1, total: list.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        data-testid="otc-merchants"
        columns={[
          { title: t('otc.account'), dataIndex: 'account' },
          { title: t('otc.nickname'), dataIndex: 'nickname' },
          { title: t('otc.deposit'), key: 'deposit', render: (_, r) => `${r.deposit} ${r.asset}` },
          { title: t('otc.appliedAt'), dataIndex: 'appliedAt', render: formatTime },
          { title: '', key: 'open', render: (_, r) => <Button size="small" onClick={() => setOpen(r)} data-testid={`otc-merchant-open-${r.userId}`}>{t('otc.open')}</Button> },
        ]}
      />
      <Drawer open={!!open} width={640} title={t('otc.merchantDetail')} onClose={() => setOpen(undefined)} destroyOnHidden>
        {open ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('otc.account')}>{open.account}</Descriptions.Item>
              <Descriptions.Item label={t('otc.nickname')}>{open.nickname}</Descriptions.Item>
              <Descriptions.Item label={t('otc.deposit')}>{`${open.deposit} ${open.asset}`}</Descriptions.Item>
              {open.reason ? <Descriptions.Item label={t('otc.reason')}>{open.reason}</Descriptions.Item> : null}
            </Descriptions>
            <Space wrap>{open.documents.map((id) => <Picture key={id} id={id} testId={`otc-document-${id}`} />)}</Space>
            {open.status === 'submitted' ? (
              <Space>
                <Button
                  type="primary"
                  loading={review.isPending}
                  data-testid="otc-merchant-approve"
                  onClick={() => void review.mutateAsync({ id: open.id, approve: true }).then(() => (void message.success(t('otc.done')), setOpen(undefined)))}
                >
                  {t('otc.approve')}
                </Button>
                <Button danger onClick={() => setRejecting(true)} data-testid="otc-merchant-reject">
                  {t('otc.reject')}
                </Button>
              </Space>
            ) : null}
          </Space>
        ) : null}
      </Drawer>
      {rejecting && open ? (
        <ReasonModal title={t('otc.reject')} testId="otc-merchant-reject" onClose={() => setRejecting(false)} onSubmit={(reason) => review.mutateAsync({ id: open.id, approve: false, reason }).then(() => setOpen(undefined))} />
      ) : null}
    </Space>
  );
}

function AppealDrawer({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const access = useStaffAccess();
  const detail = useOtcAppeal(orderId);
  const verdict = useAppealDecision('verdict');
  const execute = useAppealDecision('execute');
  const [action, setAction] = useState<'release' | 'cancel'>('release');
  const [step, setStep] = useState<'verdict' | 'execute'>();
  const d = detail.data;
  const open = d && d.order.status === 'appeal';
  const mayVerdict = staffMay(access.data, 'otc.appeal') && d?.order.appealStatus === 'waiting';
  const mayExecute = staffMay(access.data, 'otc.ombudsman');

  return (
    <Drawer open width={760} title={t('otc.appealDetail')} onClose={onClose} destroyOnHidden>
      {d ? (
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('otc.orderNo')}>{d.order.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('otc.status')}>
              <Tag data-testid="otc-appeal-order-status">{t(`otc.orderStatus.${d.order.status}`)}</Tag>
              <Tag data-testid="otc-appeal-status">{t(`otc.appealStatus.${d.order.appealStatus}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('otc.buyer')}>{`${d.order.buyer} (${d.order.buyerAccount})`}</Descriptions.Item>
            <Descriptions.Item label={t('otc.seller')}>{`${d.order.seller} (${d.order.sellerAccount})`}</Descriptions.Item>
            <Descriptions.Item label={t('otc.amount')}>{`${formatMoney(d.order.amount)} ${d.order.currency} · ${d.order.volume} ${d.order.coin}`}</Descriptions.Item>
            <Descriptions.Item label={t('otc.appealBy')}>{d.order.appealBy ? t(`otc.${d.order.appealBy}`) : ''}</Descriptions.Item>
            <Descriptions.Item label={t('otc.appealType')}>{d.order.appealType ? t(`otc.appealTypes.${d.order.appealType as OtcAppealType}`) : ''}</Descriptions.Item>
            <Descriptions.Item label={t('otc.appealReason')}>{d.order.appealReason}</Descriptions.Item>
            <Descriptions.Item label={t('otc.paidAt')}>{d.order.paymentTime ? formatTime(d.order.paymentTime) : ''}</Descriptions.Item>
            <Descriptions.Item label={t('otc.proofDeadline')}>{d.order.proofDeadline ? formatTime(d.order.proofDeadline) : ''}</Descriptions.Item>
            {d.order.appealDecisionReason ? (
              <Descriptions.Item label={t('otc.decision')} span={2}>
                {`${t(`otc.actions.${d.order.appealDecision || 'release'}`)}：${d.order.appealDecisionReason}`}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {d.payment ? (
            <Alert type="info" message={`${t('otc.sellerAccount')}: ${d.payment.accountName} · ${d.payment.account} ${d.payment.bankName}`} />
          ) : null}
          <div>
            <h3>{t('otc.evidence')}</h3>
            <Space wrap>
              {d.order.proofImageId ? <Picture id={d.order.proofImageId} testId="otc-proof" /> : null}
              {d.order.photoAttachments.map((id) => (
                <Picture key={id} id={id} testId={`otc-evidence-${id}`} />
              ))}
              {!d.order.proofImageId && d.order.photoAttachments.length === 0 ? <span>{t('otc.noEvidence')}</span> : null}
            </Space>
          </div>
          <div>
            <h3>{t('otc.chat')}</h3>
            <List
              size="small"
              bordered
              dataSource={d.messages}
              locale={{ emptyText: t('otc.noMessages') }}
              data-testid="otc-appeal-chat"
              renderItem={(m) => (
                <List.Item>
                  <Space direction="vertical" size={2}>
                    <span>{`${t(`otc.${m.from}`)} ${m.nickname} · ${formatTime(m.createdAt)}`}</span>
                    {m.text ? <span>{m.text}</span> : null}
                    {m.imageId ? <Picture id={m.imageId} testId={`otc-chat-${m.imageId}`} /> : null}
                  </Space>
                </List.Item>
              )}
            />
          </div>
          {open && (mayVerdict || mayExecute) ? (
            <Space direction="vertical">
              <Radio.Group value={action} onChange={(e) => setAction(e.target.value as 'release' | 'cancel')} data-testid="otc-appeal-action">
                <Radio value="release">{t('otc.actions.release')}</Radio>
                <Radio value="cancel">{t('otc.actions.cancel')}</Radio>
              </Radio.Group>
              <Space>
                {mayVerdict ? (
                  <Button onClick={() => setStep('verdict')} data-testid="otc-appeal-verdict">
                    {t('otc.verdict')}
                  </Button>
                ) : null}
                {mayExecute ? (
                  <Button type="primary" danger onClick={() => setStep('execute')} data-testid="otc-appeal-execute">
                    {t('otc.execute')}
                  </Button>
                ) : null}
              </Space>
            </Space>
          ) : null}
        </Space>
      ) : null}
      {step ? (
        <ReasonModal
          title={t(step === 'verdict' ? 'otc.verdict' : 'otc.execute')}
          testId={`otc-appeal-${step}`}
          onClose={() => setStep(undefined)}
          onSubmit={(reason) => (step === 'verdict' ? verdict : execute).mutateAsync({ orderId, action, reason })}
        />
      ) : null}
    </Drawer>
  );
}

function AppealsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OtcAppealStatus>('waiting');
  const [page, setPage] = useState(0);
  const list = useOtcAppeals({ appealStatus: status, page, size: 10 });
  const [open, setOpen] = useState<string>();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented value={status} onChange={(v) => (setStatus(v), setPage(0))} options={APPEAL_STATUSES.map((s) => ({ value: s, label: t(`otc.appealStatus.${s}`) }))} />
      <Table<OtcAdminAppealRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.content}
        locale={{ emptyText: list.isLoading ? ' ' : t('otc.empty') }}
        pagination={{ current: page + 1, total: list.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        data-testid="otc-appeals"
        columns={[
          { title: t('otc.orderNo'), dataIndex: 'orderNo' },
          { title: t('otc.buyer'), key: 'buyer', render: (_, r) => `${r.buyer} (${r.buyerAccount})` },
          { title: t('otc.seller'), key: 'seller', render: (_, r) => `${r.seller} (${r.sellerAccount})` },
          { title: t('otc.amount'), key: 'amount', render: (_, r) => `${formatMoney(r.amount)} ${r.currency}` },
          { title: t('otc.appealAt'), dataIndex: 'appealAt', render: formatTime },
          { title: '', key: 'open', render: (_, r) => <Button size="small" onClick={() => setOpen(r.id)} data-testid={`otc-appeal-open-${r.orderNo}`}>{t('otc.open')}</Button> },
        ]}
      />
      {open ? <AppealDrawer orderId={open} onClose={() => setOpen(undefined)} /> : null}
    </Space>
  );
}

function AdsTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useOtcAds({ status: 'active', page, size: 10 });
  const takeDown = useTakeDownAd();
  const [target, setTarget] = useState<OtcAd>();
  return (
    <>
      <Table<OtcAd>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.content}
        locale={{ emptyText: list.isLoading ? ' ' : t('otc.empty') }}
        pagination={{ current: page + 1, total: list.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        data-testid="otc-ads"
        columns={[
          { title: t('otc.adCode'), dataIndex: 'code' },
          { title: t('otc.nickname'), key: 'merchant', render: (_, ad) => ad.merchant.nickname },
          { title: t('otc.side'), key: 'side', render: (_, ad) => t(`otc.adSide.${ad.side}`) },
          { title: t('otc.price'), key: 'price', render: (_, ad) => `${formatMoney(ad.price)} ${ad.currency}` },
          { title: t('otc.remaining'), key: 'remaining', render: (_, ad) => `${ad.remaining} ${ad.coin}` },
          { title: t('otc.note'), dataIndex: 'note' },
          { title: '', key: 'down', render: (_, ad) => <Button size="small" danger onClick={() => setTarget(ad)}>{t('otc.takeDown')}</Button> },
        ]}
      />
      {target ? <ReasonModal title={t('otc.takeDown')} testId="otc-take-down" onClose={() => setTarget(undefined)} onSubmit={(reason) => takeDown.mutateAsync({ adId: target.id, reason })} /> : null}
    </>
  );
}

/** `/otc`: fiat trading in the back office: merchant review and ad moderation, and the appeal queue with chat and evidence. */
export function OtcPage() {
  const { t } = useTranslation();
  const access = useStaffAccess();
  const merchants = staffMay(access.data, 'otc.merchant');
  const appeals = staffMay(access.data, 'otc.appeal') || staffMay(access.data, 'otc.ombudsman');
  const items = [
    ...(appeals ? [{ key: 'appeals', label: <span data-testid="otc-tab-appeals">{t('otc.tabs.appeals')}</span>, children: <AppealsTab /> }] : []),
    ...(merchants ? [{ key: 'merchants', label: <span data-testid="otc-tab-merchants">{t('otc.tabs.merchants')}</span>, children: <MerchantsTab /> }] : []),
    ...(merchants ? [{ key: 'ads', label: <span data-testid="otc-tab-ads">{t('otc.tabs.ads')}</span>, children: <AdsTab /> }] : []),
  ];
  return (
    <PageCard title={t('otc.title')}>
      <Tabs items={items} destroyOnHidden />
    </PageCard>
  );
}

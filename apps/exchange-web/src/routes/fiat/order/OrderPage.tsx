import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Modal, Row, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OtcAppealType, type OtcAppealType as OtcAppealTypeCode, type OtcOrder, type OtcPaymentInfo } from '@tp/contract';
import { QueryStates, applyFieldErrors, formatMoney } from '@tp/web-kit';
import { useAddEvidence, useAppeal, useCancelOrder, useConfirmPayment, useOrder, useOtcLive, usePaymentInfo, useRelease, useRevokeAppeal } from '../../../api/otc';
import { FiatNav } from '../components/FiatNav';
import { ImageUpload } from '../components/ImageUpload';
import { OtcPicture } from '../components/OtcPicture';
import { Chat } from './Chat';
import { Countdown } from './Countdown';

const OPEN = ['unpaid', 'paid', 'appeal', 'completed'];

function PaymentDetails({ order }: { order: OtcOrder }) {
  const { t } = useTranslation();
  const info = usePaymentInfo(order.id, OPEN.includes(order.status));
  if (!OPEN.includes(order.status)) return <Alert type="warning" showIcon message={t('fiat.paymentHidden')} data-testid="payment-hidden" />;
  if (!info.data) return null;
  const p = info.data;
  const contact = Object.entries(p.sellerContact).filter(([, v]) => v !== '');
  return (
    <Descriptions size="small" column={1} bordered title={t('fiat.sellerPayment')} data-testid="payment-info">
      <Descriptions.Item label={t('fiat.paymentMethod')}>{t(`fiat.method.${p.method}`)}</Descriptions.Item>
      <Descriptions.Item label={t('fiat.accountName')}>{p.accountName}</Descriptions.Item>
      <Descriptions.Item label={t('fiat.account')}>
        <span data-testid="payment-account">{p.account}</span>
      </Descriptions.Item>
      {p.bankName ? <Descriptions.Item label={t('fiat.bankName')}>{`${p.bankName} ${p.bankBranch}`}</Descriptions.Item> : null}
      {p.qrImageId ? (
        <Descriptions.Item label={t('fiat.qrCode')}>
          <OtcPicture id={p.qrImageId} orderId={order.id} alt={t('fiat.qrCode')} />
        </Descriptions.Item>
      ) : null}
      {p.remarks ? <Descriptions.Item label={t('fiat.remarks')}>{p.remarks}</Descriptions.Item> : null}
      {contact.map(([key, value]) => (
        <Descriptions.Item key={key} label={t(`fiat.contact.${key as keyof OtcPaymentInfo['sellerContact']}`)}>
          {value}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function Actions({ order }: { order: OtcOrder }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const confirm = useConfirmPayment();
  const release = useRelease();
  const cancel = useCancelOrder();
  const appeal = useAppeal();
  const revoke = useRevokeAppeal();
  const addEvidence = useAddEvidence();
  const [proof, setProof] = useState<string>();
  const [releasing, setReleasing] = useState(false);
  const [appealing, setAppealing] = useState(false);
  const [releaseForm] = Form.useForm<{ fundPassword: string }>();
  const [appealForm] = Form.useForm<{ type: string; reason: string }>();
  const [evidence, setEvidence] = useState<string[]>([]);
  const buyer = order.role === 'buyer';

  const askPaid = () =>
    modal.confirm({
      title: t('fiat.confirmPaidTitle'),
      content: t('fiat.confirmPaidText', { amount: formatMoney(order.amount), currency: order.currency }),
      okText: t('fiat.confirm'),
      cancelText: t('fiat.cancel'),
      okButtonProps: { 'data-testid': 'paid-confirm' },
      onOk: async () => {
        await confirm.mutateAsync({ orderId: order.id, ...(proof ? { proofImageId: proof } : {}) });
        void message.success(t('fiat.paidDone'));
      },
    });

  const askCancel = () =>
    modal.confirm({
      title: t('fiat.cancelTitle'),
      content: t('fiat.cancelText'),
      okText: t('fiat.confirm'),
      cancelText: t('fiat.back'),
      okButtonProps: { 'data-testid': 'cancel-confirm' },
      onOk: () => cancel.mutateAsync({ orderId: order.id }),
    });

  async function submitRelease() {
    const values = await releaseForm.validateFields();
    try {
      await release.mutateAsync({ orderId: order.id, fundPassword: values.fundPassword });
      setReleasing(false);
      void message.success(t('fiat.releaseDone'));
    } catch (error) {
      applyFieldErrors(releaseForm, error);
    }
  }

  async function submitAppeal() {
    const values = await appealForm.validateFields();
    try {
      await appeal.mutateAsync({ orderId: order.id, type: values.type, reason: values.reason.trim(), images: evidence });
      setAppealing(false);
    } catch (error) {
      applyFieldErrors(appealForm, error);
    }
  }

  return (
    <Space wrap>
      {buyer && order.status === 'unpaid' ? (
        <>
          <ImageUpload testId="proof-upload" label={proof ? t('fiat.proofAdded') : t('fiat.addProof')} onUploaded={setProof} />
          <Button type="primary" onClick={askPaid} data-testid="order-paid">
            {t('fiat.markPaid')}
          </Button>
        </>
      ) : null}
      {buyer && (order.status === 'unpaid' || order.status === 'paid') ? (
        <Button danger onClick={askCancel} data-testid="order-cancel">
          {t('fiat.cancelOrder')}
        </Button>
      ) : null}
      {!buyer && order.status === 'paid' ? (
        <Button type="primary" onClick={() => setReleasing(true)} data-testid="order-release">
          {t('fiat.release')}
        </Button>
      ) : null}
      {order.status === 'paid' ? (
        <Button onClick={() => setAppealing(true)} data-testid="order-appeal">
          {t('fiat.appeal')}
        </Button>
      ) : null}
      {order.status === 'appeal' && order.appealStatus === 'waiting' && order.proofDeadline > order.now ? (
        <ImageUpload testId="evidence-upload" label={t('fiat.addEvidence', { n: order.photoAttachments.length })} onUploaded={(id) => void addEvidence.mutateAsync({ orderId: order.id, images: [id] })} />
      ) : null}
      {order.status === 'appeal' && order.appealStatus === 'waiting' && order.appealBy === order.role ? (
        <Button onClick={() => void revoke.mutateAsync(order.id)} data-testid="appeal-revoke">
          {t('fiat.revokeAppeal')}
        </Button>
      ) : null}
      <Modal
        open={releasing}
        title={t('fiat.releaseTitle')}
        okText={t('fiat.release')}
        cancelText={t('fiat.cancel')}
        onOk={() => void submitRelease()}
        onCancel={() => setReleasing(false)}
        confirmLoading={release.isPending}
        okButtonProps={{ 'data-testid': 'release-confirm' }}
      >
        <Alert type="warning" showIcon message={t('fiat.releaseWarning', { amount: formatMoney(order.amount), currency: order.currency, volume: order.volume, coin: order.coin })} />
        <Form form={releaseForm} layout="vertical" style={{ marginTop: 12 }}>
          <Form.Item name="fundPassword" label={t('fiat.fundPassword')} rules={[{ required: true, pattern: /^\d{6}$/, message: t('fiat.rule.fundPassword') }]}>
            <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" data-testid="release-password" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={appealing}
        title={t('fiat.appealTitle')}
        okText={t('fiat.appealSubmit')}
        cancelText={t('fiat.cancel')}
        onOk={() => void submitAppeal()}
        onCancel={() => setAppealing(false)}
        confirmLoading={appeal.isPending}
        okButtonProps={{ 'data-testid': 'appeal-submit' }}
      >
        <Form form={appealForm} layout="vertical">
          <Form.Item name="type" label={t('fiat.appealType')} rules={[{ required: true, message: t('fiat.rule.appealType') }]}>
            <Select options={OtcAppealType.options.map((v) => ({ value: v, label: t(`fiat.appealTypes.${v}`) }))} data-testid="appeal-type" />
          </Form.Item>
          <Form.Item name="reason" label={t('fiat.appealReason')} rules={[{ required: true, whitespace: true, message: t('fiat.rule.appealReason') }]}>
            <Input.TextArea maxLength={500} rows={3} data-testid="appeal-reason" />
          </Form.Item>
          <ImageUpload testId="appeal-image" label={t('fiat.addEvidence', { n: evidence.length })} onUploaded={(id) => setEvidence((list) => [...list, id])} />
          <p className="ex-muted" style={{ marginTop: 8 }}>
            {t('fiat.proofWithin')}
          </p>
        </Form>
      </Modal>
    </Space>
  );
}

/** `/fiat/orders/:orderId`: the order, its countdown, the seller's payment details (after ordering), the actions each side may take, and the chat. */
export function OrderPage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  useOtcLive();

  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('fiat.orderTitle')}</h1>}>
      <FiatNav />
      <QueryStates query={order} keys="fiat">
        {order.data ? <OrderView o={order.data} /> : null}
      </QueryStates>
    </Card>
  );
}

function OrderView({ o }: { o: OtcOrder }) {
  const { t } = useTranslation();
  return (
          <Row gutter={16}>
            <Col xs={24} lg={14}>
              <Space direction="vertical" size={16} style={{ width: '100%' }}>
                <Space wrap>
                  <Tag color="blue" data-testid="order-status">
                    {t(`fiat.status.${o.status}`)}
                  </Tag>
                  <span>{t(`fiat.partyStatus.${o.role === 'buyer' ? o.buyerStatus : o.sellerStatus}`)}</span>
                  {o.status === 'unpaid' ? <Countdown until={o.expireAt} serverNow={o.now} /> : null}
                </Space>
                <Descriptions size="small" column={2} bordered>
                  <Descriptions.Item label={t('fiat.orderNo')}>{o.orderNo}</Descriptions.Item>
                  <Descriptions.Item label={t('fiat.adCode')}>{o.adCode}</Descriptions.Item>
                  <Descriptions.Item label={t('fiat.buyer')}>{o.buyer}</Descriptions.Item>
                  <Descriptions.Item label={t('fiat.seller')}>{o.seller}</Descriptions.Item>
                  <Descriptions.Item label={t('fiat.price')}>{`${formatMoney(o.price)} ${o.currency}`}</Descriptions.Item>
                  <Descriptions.Item label={t('fiat.volumeShort')}>
                    <span data-testid="order-volume-shown">{`${o.volume} ${o.coin}`}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fiat.amount')}>
                    <strong data-testid="order-amount-shown">{`${formatMoney(o.amount)} ${o.currency}`}</strong>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fiat.paymentMethod')}>{t(`fiat.method.${o.paymentMethod}`)}</Descriptions.Item>
                  <Descriptions.Item label={t('fiat.createdAt')}>{new Date(o.createdAt).toLocaleString()}</Descriptions.Item>
                  {o.paymentTime ? <Descriptions.Item label={t('fiat.paymentTime')}>{new Date(o.paymentTime).toLocaleString()}</Descriptions.Item> : null}
                  {o.completedAt ? <Descriptions.Item label={t('fiat.completedAt')}>{new Date(o.completedAt).toLocaleString()}</Descriptions.Item> : null}
                  {o.cancelledAt ? <Descriptions.Item label={t('fiat.cancelledAt')}>{new Date(o.cancelledAt).toLocaleString()}</Descriptions.Item> : null}
                </Descriptions>
                {o.appealStatus !== 'none' ? (
                  <Alert
                    type={o.appealStatus === 'waiting' ? 'warning' : 'info'}
                    showIcon
                    data-testid="appeal-info"
                    message={t('fiat.appealState', { status: t(`fiat.appealStatus.${o.appealStatus}`), by: t(`fiat.${o.appealBy || 'buyer'}`) })}
                    description={
                      <Space direction="vertical" size={4}>
                        <span>{`${o.appealType ? t(`fiat.appealTypes.${o.appealType as OtcAppealTypeCode}`) : ''} ${o.appealReason}`}</span>
                        {o.appealDecisionReason ? <span data-testid="appeal-decision">{t(`fiat.decision.${o.appealDecision || 'release'}`, { reason: o.appealDecisionReason })}</span> : null}
                        {o.proofDeadline && o.appealStatus === 'waiting' ? <span>{t('fiat.proofDeadline', { time: new Date(o.proofDeadline).toLocaleString() })}</span> : null}
                        {o.photoAttachments.length ? (
                          <Space wrap>
                            {o.photoAttachments.map((id) => (
                              <OtcPicture key={id} id={id} orderId={o.id} width={64} alt={t('fiat.appeal')} />
                            ))}
                          </Space>
                        ) : null}
                      </Space>
                    }
                  />
                ) : null}
                <PaymentDetails order={o} />
                <Actions order={o} />
              </Space>
            </Col>
            <Col xs={24} lg={10}>
              <Chat orderId={o.id} />
            </Col>
          </Row>
  );
}

import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AfterSalePath, AfterSalePush, AFTER_SALE_FINAL, AFTER_SALE_MAX_PHOTOS, WsTopic, isUploadableImage, type AfterSaleKindCode, type AfterSaleRequestView } from '@tp/contract';
import { BlobImage, ImagePicker, formatMoney, isApiError, runAction, useApp, useLiveTopic, useSession } from '@tp/web-kit';
import { api, queryClient } from '../../api/client';
import { afterSaleKeys, useAfterSaleOfOrder, useAfterSaleStep, useOpenAfterSale, useUploadAfterSalePhoto } from './api';

const loadBlob = (path: string, signal?: AbortSignal) => api.blob(path, signal ? { signal } : undefined);
const TRACKING = /^[A-Za-z0-9-]{4,40}$/;
const MONEY = /^\d{1,16}(\.\d{1,2})?$/;

const STATUS_COLOURS: Record<string, string> = { requested: 'blue', refused: 'red', arbitrating: 'orange', accepted: 'cyan', returning: 'geekblue', replacing: 'purple', replacementShipped: 'purple', refunded: 'green', completed: 'green', closed: 'default' };

export function AfterSaleStatusTag({ status }: { status: AfterSaleRequestView['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="aftersale-status" data-status={status}>
      {t(`aftersale.status.${status}`)}
    </Tag>
  );
}

/** Who took a step, in words: the platform's timers, staff, or one of the parties. */
function actorKey(actor: string): 'aftersale.actor.system' | 'aftersale.actor.staff' | 'aftersale.actor.party' {
  if (actor.startsWith('system:')) return 'aftersale.actor.system';
  if (actor.startsWith('staff:')) return 'aftersale.actor.staff';
  return 'aftersale.actor.party';
}

/** A text asked for in a dialog (a refusal's or an arbitration's reason, a carrier and tracking number). */
function FormModal({ title, fields, onSubmit, onClose, testId }: { title: string; fields: ('reason' | 'carrier' | 'trackingNo')[]; onSubmit: (values: Record<string, string>) => Promise<unknown>; onClose: () => void; testId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      okButtonProps={{ loading: busy, ...({ 'data-testid': `${testId}-ok` } as object) }}
      onOk={() =>
        void form.validateFields().then(
          async (values) => {
            setBusy(true);
            const done = await runAction(onSubmit(values)).finally(() => setBusy(false));
            if (done) onClose();
          },
          // The form shows what is wrong under each field.
          () => undefined,
        )
      }
    >
      <Form form={form} layout="vertical">
        {fields.includes('reason') && (
          <Form.Item name="reason" label={t('aftersale.fields.reason')} rules={[{ required: true, whitespace: true, max: 500, message: t('aftersale.rules.reason') }]}>
            <Input.TextArea data-testid={`${testId}-reason`} rows={3} maxLength={500} />
          </Form.Item>
        )}
        {fields.includes('carrier') && (
          <Form.Item name="carrier" label={t('aftersale.fields.carrier')} rules={[{ required: true, whitespace: true, max: 50, message: t('aftersale.rules.carrier') }]}>
            <Input data-testid={`${testId}-carrier`} maxLength={50} />
          </Form.Item>
        )}
        {fields.includes('trackingNo') && (
          <Form.Item name="trackingNo" label={t('aftersale.fields.trackingNo')} rules={[{ required: true, pattern: TRACKING, message: t('aftersale.rules.trackingNo') }]}>
            <Input data-testid={`${testId}-trackingNo`} maxLength={40} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

type Dialog = { kind: 'refuse' | 'arbitrate' | 'shipBack' | 'shipReplacement' } | null;

/** The actions the viewer's side may take at the request's status. */
function Actions({ request }: { request: AfterSaleRequestView }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const step = useAfterSaleStep();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { requestId, side, status } = request;
  const done = () => void message.success(t('aftersale.done'));
  const run = (p: Parameters<typeof step.mutateAsync>[0]) => step.mutateAsync(p).then((r) => (done(), r));
  const confirm = (title: string, testId: string, p: Parameters<typeof step.mutateAsync>[0]) =>
    modal.confirm({ title, okButtonProps: { 'data-testid': `${testId}-ok` }, onOk: () => runAction(run(p)) });

  const buttons = [
    side === 'seller' && status === 'requested' && (
      <Button key="accept" type="primary" data-testid="aftersale-accept" onClick={() => confirm(t('aftersale.confirm.accept'), 'aftersale-accept', { path: AfterSalePath.answer, body: { requestId, accept: true } })}>
        {t('aftersale.actions.accept')}
      </Button>
    ),
    side === 'seller' && status === 'requested' && (
      <Button key="refuse" danger data-testid="aftersale-refuse" onClick={() => setDialog({ kind: 'refuse' })}>
        {t('aftersale.actions.refuse')}
      </Button>
    ),
    side === 'buyer' && status === 'refused' && (
      <Button key="arbitrate" type="primary" data-testid="aftersale-arbitrate" onClick={() => setDialog({ kind: 'arbitrate' })}>
        {t('aftersale.actions.arbitrate')}
      </Button>
    ),
    side === 'buyer' && status === 'accepted' && (
      <Button key="shipBack" type="primary" data-testid="aftersale-ship-back" onClick={() => setDialog({ kind: 'shipBack' })}>
        {t('aftersale.actions.shipBack')}
      </Button>
    ),
    side === 'seller' && status === 'returning' && (
      <Button
        key="confirmReturn"
        type="primary"
        data-testid="aftersale-confirm-return"
        onClick={() =>
          confirm(request.type === 'return' ? t('aftersale.confirm.refund', { amount: formatMoney(request.amount) }) : t('aftersale.confirm.received'), 'aftersale-confirm-return', {
            path: AfterSalePath.confirmReturn,
            body: { requestId },
          })
        }
      >
        {t('aftersale.actions.confirmReturn')}
      </Button>
    ),
    side === 'seller' && status === 'replacing' && (
      <Button key="shipReplacement" type="primary" data-testid="aftersale-ship-replacement" onClick={() => setDialog({ kind: 'shipReplacement' })}>
        {t('aftersale.actions.shipReplacement')}
      </Button>
    ),
    side === 'buyer' && status === 'replacementShipped' && (
      <Button key="confirmReplacement" type="primary" data-testid="aftersale-confirm-replacement" onClick={() => confirm(t('aftersale.confirm.replacement'), 'aftersale-confirm-replacement', { path: AfterSalePath.confirmReplacement, body: { requestId } })}>
        {t('aftersale.actions.confirmReplacement')}
      </Button>
    ),
  ].filter(Boolean);

  return (
    <>
      {buttons.length > 0 && <Space wrap>{buttons}</Space>}
      {dialog?.kind === 'refuse' && (
        <FormModal title={t('aftersale.actions.refuse')} fields={['reason']} testId="aftersale-refuse" onClose={() => setDialog(null)} onSubmit={(v) => run({ path: AfterSalePath.answer, body: { requestId, accept: false, reason: v.reason! } })} />
      )}
      {dialog?.kind === 'arbitrate' && (
        <FormModal title={t('aftersale.actions.arbitrate')} fields={['reason']} testId="aftersale-arbitrate" onClose={() => setDialog(null)} onSubmit={(v) => run({ path: AfterSalePath.arbitrate, body: { requestId, reason: v.reason! } })} />
      )}
      {(dialog?.kind === 'shipBack' || dialog?.kind === 'shipReplacement') && (
        <FormModal
          title={t(`aftersale.actions.${dialog.kind}`)}
          fields={['carrier', 'trackingNo']}
          testId={dialog.kind === 'shipBack' ? 'aftersale-ship-back' : 'aftersale-ship-replacement'}
          onClose={() => setDialog(null)}
          onSubmit={(v) => run({ path: dialog.kind === 'shipBack' ? AfterSalePath.shipBack : AfterSalePath.shipReplacement, body: { requestId, carrier: v.carrier!, trackingNo: v.trackingNo! } })}
        />
      )}
    </>
  );
}

/** One request: what was asked, both shipments' tracking, every step with who and why, and the viewer's actions. */
export function AfterSaleRequestCard({ request }: { request: AfterSaleRequestView }) {
  const { t } = useTranslation();
  const tracking = (carrier: string | null, no: string | null) => (no ? `${carrier ?? ''} ${no}` : '-');
  return (
    <div data-testid="aftersale-request" data-request={request.requestId} data-status={request.status}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('aftersale.fields.requestId')}>{request.requestId}</Descriptions.Item>
        <Descriptions.Item label={t('aftersale.fields.status')}>
          <AfterSaleStatusTag status={request.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersale.fields.type')}>{t(`aftersale.type.${request.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t('aftersale.fields.amount')}>
          <span data-testid="aftersale-amount">{request.type === 'return' ? formatMoney(request.amount) : '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('aftersale.fields.reason')} span={2}>
          {request.reason}
        </Descriptions.Item>
        {request.sellerReason && (
          <Descriptions.Item label={t('aftersale.fields.sellerReason')} span={2}>
            <span data-testid="aftersale-seller-reason">{request.sellerReason}</span>
          </Descriptions.Item>
        )}
        {request.arbitrationReason && (
          <Descriptions.Item label={t('aftersale.fields.arbitrationReason')} span={2}>
            {request.arbitrationReason}
          </Descriptions.Item>
        )}
        {request.decision && (
          <Descriptions.Item label={t('aftersale.fields.decision')} span={2}>
            {`${t(`aftersale.decision.${request.decision}`)}: ${request.decisionReason ?? ''}`}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('aftersale.fields.returnTracking')}>
          <span data-testid="aftersale-return-tracking">{tracking(request.returnCarrier, request.returnTrackingNo)}</span>
        </Descriptions.Item>
        {request.type === 'exchange' && <Descriptions.Item label={t('aftersale.fields.replacementTracking')}>{tracking(request.replacementCarrier, request.replacementTrackingNo)}</Descriptions.Item>}
        {request.deadline && <Descriptions.Item label={t('aftersale.fields.deadline')}>{new Date(request.deadline).toLocaleString()}</Descriptions.Item>}
      </Descriptions>
      {request.photos.length > 0 && (
        <Space wrap style={{ marginTop: 12 }}>
          {request.photos.map((p) => (
            <BlobImage key={p.id} load={loadBlob} thumbUrl={p.url} url={p.url} alt={t('aftersale.fields.photos')} width={96} testId="aftersale-photo" />
          ))}
        </Space>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('aftersale.fields.history')}
      </Typography.Title>
      <Timeline
        items={request.history.map((h) => ({
          children: (
            <span data-testid="aftersale-history">
              {`${new Date(h.at).toLocaleString()} · ${t(actorKey(h.actor))} · ${t(`aftersale.status.${h.to}`)}`}
              {h.note ? ` · ${h.note}` : ''}
            </span>
          ),
        }))}
      />
      <Actions request={request} />
    </div>
  );
}

interface OpenValues {
  type: 'return' | 'exchange';
  amount?: string;
  reason: string;
}

/** The buyer's request: return (with a refund up to the order's amount) or exchange, a reason and up to nine photos. */
function OpenForm({ kind, orderId, onClose }: { kind: AfterSaleKindCode; orderId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const [form] = Form.useForm<OpenValues>();
  const type = Form.useWatch('type', form) ?? 'return';
  const open = useOpenAfterSale();
  const upload = useUploadAfterSalePhoto();
  const [photos, setPhotos] = useState<{ id: string; preview: string }[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);

  async function addPhoto(file: File) {
    setPhotoError(null);
    if (!isUploadableImage(file)) return setPhotoError(t('aftersale.rules.image'));
    try {
      const uploaded = await upload.mutateAsync(file);
      setPhotos((list) => [...list, { id: uploaded.id, preview: URL.createObjectURL(file) }]);
    } catch (error) {
      setPhotoError(isApiError(error) ? error.message : t('aftersale.rules.image'));
    }
  }

  function submit(values: OpenValues) {
    const body = { kind, orderId, type: values.type, reason: values.reason, photoIds: photos.map((p) => p.id), ...(values.type === 'return' && values.amount ? { amount: values.amount } : {}) };
    modal.confirm({
      title: values.type === 'return' ? t('aftersale.confirm.openReturn', { amount: values.amount ? formatMoney(values.amount) : t('aftersale.wholeOrder') }) : t('aftersale.confirm.openExchange'),
      okButtonProps: { 'data-testid': 'aftersale-open-ok' },
      onOk: () =>
        runAction(open.mutateAsync(body)).then((r) => {
          if (!r) return;
          void message.success(t('aftersale.done'));
          onClose();
        }),
    });
  }

  return (
    <Form<OpenValues> form={form} layout="vertical" initialValues={{ type: 'return' }} onFinish={submit} data-testid="aftersale-open-form">
      <Form.Item name="type" label={t('aftersale.fields.type')}>
        <Radio.Group data-testid="aftersale-type" options={(['return', 'exchange'] as const).map((v) => ({ value: v, label: t(`aftersale.type.${v}`) }))} />
      </Form.Item>
      {type === 'return' && (
        <Form.Item name="amount" label={t('aftersale.fields.amount')} extra={t('aftersale.amountHint')} rules={[{ pattern: MONEY, message: t('aftersale.rules.amount') }]}>
          <Input data-testid="aftersale-amount-input" inputMode="decimal" />
        </Form.Item>
      )}
      <Form.Item name="reason" label={t('aftersale.fields.reason')} rules={[{ required: true, whitespace: true, max: 500, message: t('aftersale.rules.reason') }]}>
        <Input.TextArea data-testid="aftersale-reason" rows={3} maxLength={500} />
      </Form.Item>
      <Form.Item label={t('aftersale.fields.photos')} validateStatus={photoError ? 'error' : undefined} help={photoError ?? t('aftersale.photoHint', { max: AFTER_SALE_MAX_PHOTOS })}>
        <Space wrap>
          {photos.map((p) => (
            <img key={p.id} src={p.preview} alt={t('aftersale.fields.photos')} width={72} height={72} style={{ objectFit: 'cover' }} data-testid="aftersale-photo-preview" />
          ))}
          {photos.length < AFTER_SALE_MAX_PHOTOS && (
            <ImagePicker onPick={addPhoto} data-testid="aftersale-photo-input">
              <Button loading={upload.isPending}>{t('aftersale.actions.addPhoto')}</Button>
            </ImagePicker>
          )}
        </Space>
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={open.isPending} data-testid="aftersale-open-submit">
          {t('aftersale.actions.submit')}
        </Button>
        <Button onClick={onClose}>{t('aftersale.actions.cancel')}</Button>
      </Space>
    </Form>
  );
}

/**
 * The after-sale part of an order's page: the order's latest return or exchange with the actions
 * of the viewer's side; the buyer opens one when `canOpen` (the order is paid and received).
 */
export function AfterSalePanel({ kind, orderId, canOpen = false }: { kind: AfterSaleKindCode; orderId: string; canOpen?: boolean }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const query = useAfterSaleOfOrder(kind, orderId);
  const [opening, setOpening] = useState(false);
  // The other party's steps arrive on the firm's topic.
  useLiveTopic(session?.firmId ? WsTopic.firm(session.firmId) : undefined, (push) => {
    const live = AfterSalePush.safeParse(push.data);
    if (live.success && live.data.orderKind === kind && live.data.orderId === orderId) void queryClient.invalidateQueries({ queryKey: afterSaleKeys.all });
  });

  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={t('aftersale.loadFailed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('aftersale.retry')}
          </Button>
        }
      />
    );
  const request = query.data;
  const mayOpen = canOpen && (!request || AFTER_SALE_FINAL.includes(request.status));
  return (
    <div data-testid="aftersale-panel">
      {request ? <AfterSaleRequestCard request={request} /> : !mayOpen && <Typography.Text type="secondary">{t('aftersale.noRequest')}</Typography.Text>}
      {mayOpen &&
        (opening ? (
          <OpenForm kind={kind} orderId={orderId} onClose={() => setOpening(false)} />
        ) : (
          <Button style={{ marginTop: 12 }} data-testid="aftersale-open" onClick={() => setOpening(true)}>
            {t('aftersale.actions.open')}
          </Button>
        ))}
    </div>
  );
}

import { useEffect } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListingSource, type CommodityType, type Holding } from '@tp/contract';
import { useSignList } from '../../../api/bank';
import { useCreateListing, useCreateMarginListing, useCreatePurchase } from '../../../api/listing';
import { useCommodityTypes } from '../../../api/warehouse';
import { formatMoney, formatPrice, runAction, useApp } from '@tp/web-kit';
import { listingAmount, listingFormula, needsHolding, priceUnitOf, type PublishKind } from '../logic';
import { AmountConfirm, useListingRules } from '../shared';
import { HoldingSelect, useHeldHoldings } from './HoldingSelect';

interface PublishValues {
  kind: PublishKind;
  bsFlag: 'S' | 'B';
  sourceId: 'W' | 'J' | 'C';
  holdId?: string;
  commodityTypeId?: string;
  gradeId?: string;
  price: string;
  quantity: string;
  weight: string;
  openTicketDay: string;
  autoRevoke: boolean;
  bankId?: string;
  origin?: string;
  packagId?: string;
  poundsPoor: string;
  putWarehousDay?: { format: (f: string) => string; isAfter: (d: Date, unit: 'day') => boolean };
  specifications?: string;
  contentSpecificationId?: string;
  isMarginPay: boolean;
}

/** The catalogue ids of a holding's goods (the holding view names them). */
function catalogueOf(holding: Holding, types: CommodityType[]) {
  const type = types.find((c) => c.name === holding.commodityName);
  const grade = type?.grades.find((g) => g.gradeName === holding.gradeName);
  return type && grade ? { type, gradeId: grade.gradeId } : null;
}

/**
 * Publishing a listing: the spec's margin hang order fields, the holding when goods back it, and a
 * confirmation with the exact amount before anything is frozen. Bad input stays in the form.
 */
export function PublishForm({ kinds, onDone, initialHoldId }: { kinds: PublishKind[]; onDone?: () => void; initialHoldId?: string | undefined }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const rule = useListingRules();
  const [form] = Form.useForm<PublishValues>();
  const kind = Form.useWatch('kind', form) ?? kinds[0];
  const bsFlag = Form.useWatch('bsFlag', form) ?? 'S';
  const sourceId = Form.useWatch('sourceId', form) ?? 'W';
  const holdId = Form.useWatch('holdId', form);
  const commodityTypeId = Form.useWatch('commodityTypeId', form);
  const holdings = useHeldHoldings();
  const types = useCommodityTypes();
  const signs = useSignList();
  // Only a bank the firm has signed (status 1) can settle; unsigned channels are not offered.
  const signedBanks = (signs.data ?? []).filter((s) => s.status === '1');
  const firstSigned = signedBanks[0]?.bankId;
  useEffect(() => {
    if (firstSigned && !form.getFieldValue('bankId')) form.setFieldValue('bankId', firstSigned);
  }, [firstSigned, form]);
  const createSpot = useCreateListing();
  const createMargin = useCreateMarginListing();
  const createPurchase = useCreatePurchase();
  const withHolding = needsHolding(kind, bsFlag, sourceId);
  const holding = holdings.content.find((h) => h.holdId === holdId);
  const fromHolding = holding && types.data ? catalogueOf(holding, types.data) : null;
  const type = withHolding ? fromHolding?.type : types.data?.find((c) => c.commodityTypeId === commodityTypeId);
  const pending = createSpot.isPending || createMargin.isPending || createPurchase.isPending;

  async function submit() {
    const values = await form.validateFields();
    let ids: { commodityTypeId: string; gradeId: string };
    if (withHolding) {
      if (!holding) return;
      if (!fromHolding) {
        form.setFields([{ name: 'holdId', errors: [t('listing.rules.catalog')] }]);
        return;
      }
      ids = { commodityTypeId: fromHolding.type.commodityTypeId, gradeId: fromHolding.gradeId };
    } else {
      ids = { commodityTypeId: values.commodityTypeId ?? '', gradeId: values.gradeId ?? '' };
    }
    const units = { unit: type?.unit ?? '', weightUnit: type?.weightUnit ?? '' };
    const amount = listingAmount(kind, values.price, values.quantity, values.weight);
    const shown = { quantity: `${values.quantity} ${units.unit}`.trim(), price: formatPrice(values.price), priceUnit: priceUnitOf(kind, units), amount: formatMoney(amount) };
    const common = {
      ...ids,
      price: values.price,
      quantity: values.quantity,
      weight: values.weight,
      openTicketDay: Number(values.openTicketDay),
      autoRevoke: values.autoRevoke,
    };
    const spec = {
      bankId: values.bankId ?? '',
      origin: values.origin?.trim() ?? '',
      poundsPoor: values.poundsPoor,
      specifications: values.specifications?.trim() ?? '',
      isMarginPay: values.isMarginPay,
      ...(values.packagId ? { packagId: values.packagId } : {}),
      ...(values.contentSpecificationId ? { contentSpecificationId: values.contentSpecificationId } : {}),
    };
    const run = (): Promise<unknown> => {
      if (kind === 'X') return createSpot.mutateAsync({ ...common, holdId: values.holdId ?? '' });
      if (kind === 'Q') return createPurchase.mutateAsync({ ...common, ...spec, sourceId: values.sourceId });
      return createMargin.mutateAsync({
        ...common,
        ...spec,
        bsFlag: values.bsFlag,
        sourceId: values.sourceId,
        ...(withHolding && values.holdId ? { holdId: values.holdId } : {}),
        ...(values.sourceId === 'C' && values.putWarehousDay ? { putWarehousDay: values.putWarehousDay.format('YYYY-MM-DD') } : {}),
      });
    };
    const title = kind === 'X' ? t('listing.confirm.create', shown) : kind === 'Q' ? t('listing.confirm.createPurchase', shown) : bsFlag === 'B' ? t('listing.confirm.createMarginBuy', shown) : t('listing.confirm.createMargin', shown);
    modal.confirm({
      title,
      content: <AmountConfirm amount={amount} formula={listingFormula(kind, values.price, values.quantity, values.weight, units)} />,
      okButtonProps: { 'data-testid': 'listing-create-ok' },
      onOk: () =>
        run().then(() => {
          void message.success(t('listing.done'));
          form.resetFields();
          onDone?.();
        }),
    });
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ kind: kinds[0], bsFlag: 'S', sourceId: 'W', openTicketDay: '3', autoRevoke: false, poundsPoor: '0', isMarginPay: kinds[0] !== 'Q', holdId: initialHoldId }}
      onValuesChange={(changed: Partial<PublishValues>) => {
        if ('commodityTypeId' in changed) form.setFieldsValue({ gradeId: undefined, packagId: undefined, contentSpecificationId: undefined });
      }}
    >
      {kinds.length > 1 && (
        <Form.Item name="kind" label={t('listing.publish.kind')}>
          <Radio.Group data-testid="field-kind" options={kinds.map((k) => ({ value: k, label: k === 'X' ? t('listing.publish.spot') : k === 'B' ? t('listing.publish.margin') : t('listing.type.Q') }))} />
        </Form.Item>
      )}
      {kind === 'B' && (
        <Form.Item name="bsFlag" label={t('listing.fields.bsFlag')}>
          <Radio.Group data-testid="field-bsFlag" options={(['S', 'B'] as const).map((f) => ({ value: f, label: t(`listing.bsFlag.${f}`) }))} />
        </Form.Item>
      )}
      {kind !== 'X' && (
        <Form.Item name="sourceId" label={t('listing.fields.sourceId')} rules={rule('sourceId')}>
          <Radio.Group data-testid="field-sourceId" options={ListingSource.map((s) => ({ value: s, label: t(`listing.source.${s}`) }))} />
        </Form.Item>
      )}
      {kind === 'B' && bsFlag === 'S' && sourceId === 'C' && <Alert type="info" showIcon message={t('listing.publish.presaleHint')} style={{ marginBottom: 16 }} />}
      {kind === 'Q' && <Alert type="info" showIcon message={t('listing.publish.purchaseHint')} style={{ marginBottom: 16 }} />}
      {withHolding ? (
        <>
          <Form.Item name="holdId" label={t('listing.fields.holdId')} rules={rule('holdId')}>
            <HoldingSelect holdings={holdings.content} loading={holdings.query.isPending} testId="field-holdId" />
          </Form.Item>
          {holding && <p data-testid="listing-holding-available">{t('listing.holdingAvailable', { quantity: `${holding.quantity} ${holding.unit} / ${holding.weight} ${holding.weightUnit}` })}</p>}
        </>
      ) : (
        <>
          <Form.Item name="commodityTypeId" label={t('listing.fields.commodityTypeId')} rules={rule('commodityTypeId')}>
            <Select showSearch={{ optionFilterProp: 'label' }} loading={types.isPending} data-testid="field-commodityTypeId" options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))} />
          </Form.Item>
          <Form.Item name="gradeId" label={t('listing.fields.gradeId')} rules={rule('gradeId')}>
            <Select disabled={!type} data-testid="field-gradeId" options={(type?.grades ?? []).map((g) => ({ value: g.gradeId, label: g.gradeName }))} />
          </Form.Item>
        </>
      )}
      <Form.Item name="price" label={t('listing.fields.price')} rules={rule('price')}>
        <Input data-testid="field-price" suffix={type ? `/${kind === 'X' ? type.unit : type.weightUnit}` : undefined} />
      </Form.Item>
      <Form.Item name="quantity" label={t('listing.fields.quantity')} rules={rule('quantity', withHolding ? holding?.quantity : undefined)}>
        <Input data-testid="field-quantity" suffix={type?.unit} />
      </Form.Item>
      <Form.Item name="weight" label={t('listing.fields.weight')} rules={rule('weight', withHolding ? holding?.weight : undefined)}>
        <Input data-testid="field-weight" suffix={type?.weightUnit} />
      </Form.Item>
      <Form.Item name="openTicketDay" label={t('listing.fields.openTicketDay')} rules={rule('openTicketDay')}>
        <Input data-testid="field-openTicketDay" />
      </Form.Item>
      {kind !== 'X' && (
        <>
          {kind === 'B' && bsFlag === 'S' && sourceId === 'C' && (
            <Form.Item name="putWarehousDay" label={t('listing.fields.putWarehousDay')} rules={rule('putWarehousDay')}>
              <DatePicker data-testid="field-putWarehousDay" style={{ width: '100%' }} />
            </Form.Item>
          )}
          <Form.Item name="bankId" label={t('listing.fields.bankId')} extra={!signs.isPending && signedBanks.length === 0 ? <span data-testid="hint-noSignedBank">{t('listing.publish.noSignedBank')}</span> : undefined}>
            <Select allowClear loading={signs.isPending} data-testid="field-bankId" options={signedBanks.map((b) => ({ value: b.bankId, label: b.bankName }))} />
          </Form.Item>
          <Form.Item name="origin" label={t('listing.fields.origin')}>
            {type && type.origins.length > 0 ? <Select allowClear data-testid="field-origin" options={type.origins.map((o) => ({ value: o.name, label: o.name }))} /> : <Input data-testid="field-origin" maxLength={60} />}
          </Form.Item>
          <Form.Item name="packagId" label={t('listing.fields.packagId')}>
            <Select allowClear disabled={!type} data-testid="field-packagId" options={(type?.packages ?? []).map((p) => ({ value: p.packagId, label: p.packageName }))} />
          </Form.Item>
          <Form.Item name="contentSpecificationId" label={t('listing.fields.contentSpecificationId')}>
            <Select allowClear disabled={!type} data-testid="field-contentSpecificationId" options={(type?.specifications ?? []).map((s) => ({ value: s.id, label: s.name }))} />
          </Form.Item>
          <Form.Item name="specifications" label={t('listing.fields.specifications')}>
            <Input data-testid="field-specifications" maxLength={200} />
          </Form.Item>
          <Form.Item name="poundsPoor" label={t('listing.fields.poundsPoor')} rules={rule('poundsPoor')}>
            <Input data-testid="field-poundsPoor" />
          </Form.Item>
          <Form.Item name="isMarginPay" valuePropName="checked">
            <Checkbox data-testid="field-isMarginPay">{t('listing.fields.isMarginPay')}</Checkbox>
          </Form.Item>
        </>
      )}
      <Form.Item name="autoRevoke" valuePropName="checked">
        <Checkbox data-testid="field-autoRevoke">{t('listing.fields.autoRevoke')}</Checkbox>
      </Form.Item>
      <Button type="primary" onClick={() => void runAction(submit)} loading={pending} data-testid="listing-submit">
        {t(kind === 'Q' ? 'listing.actions.publishPurchase' : 'listing.actions.publish')}
      </Button>
    </Form>
  );
}

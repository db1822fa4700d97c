import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Decimal, toChineseUppercase } from '@tp/decimal';
import { formatMoney, runAction, useApp } from '@tp/web-kit';
import type { Bargain, ListingDetail } from '@tp/contract';
import { useBargainCounter, useBargainOffer, usePick, usePickAll, usePickSell } from '../../../api/listing';
import { pickAmount, pickFormula, priceUnitOf, shareOf } from '../logic';
import { AmountConfirm, FormulaLine, PriceText, useListingRules } from '../shared';
import { HoldingSelect, useHeldHoldings } from './HoldingSelect';

/**
 * What confirming a pick says: the goods amount, and for a margin sell order also the buyer margin
 * frozen now, computed as the server does (amount × ratio, truncated to fen), each in uppercase Chinese.
 */
function usePickConfirmation() {
  const { t } = useTranslation();
  return (listing: ListingDetail, quantity: string) => {
    const amount = pickAmount(listing, quantity);
    const formula = pickFormula(listing, quantity);
    const shown = `${quantity} ${listing.unit}`;
    if (listing.type !== 'B') return { title: t('listing.confirm.pick', { quantity: shown, amount: formatMoney(amount) }), content: <AmountConfirm amount={amount} formula={formula} /> };
    const margin = shareOf(amount, listing.buyerMarginRatio);
    return {
      title: t('listing.confirm.pickMargin', { quantity: shown, amount: formatMoney(amount), margin: formatMoney(margin) }),
      content: (
        <AmountConfirm amount={amount} formula={formula}>
          <p data-testid="confirm-margin" data-amount={margin}>
            {t('listing.confirm.marginFrozen', { margin: formatMoney(margin), upper: toChineseUppercase(margin) })}
          </p>
        </AmountConfirm>
      ),
    };
  };
}

/** A buyer picks part of a sell listing; the confirmation shows the exact amount frozen. */
export function PickModal({ listing, onClose }: { listing: ListingDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const rule = useListingRules();
  const [form] = Form.useForm<{ quantity: string }>();
  const quantity = Form.useWatch('quantity', form);
  const pick = usePick();
  const pickConfirmation = usePickConfirmation();
  const amount = listing ? pickAmount(listing, quantity) : '';
  const formula = listing ? pickFormula(listing, quantity) : null;
  async function submit() {
    if (!listing) return;
    const values = await form.validateFields();
    modal.confirm({
      ...pickConfirmation(listing, values.quantity),
      okButtonProps: { 'data-testid': 'pick-confirm-ok' },
      onOk: () =>
        pick.mutateAsync({ listingId: listing.listingId, quantity: values.quantity }).then(() => {
          void message.success(t('listing.done'));
          form.resetFields();
          onClose();
        }),
    });
  }
  return (
    <Modal open={listing !== null} title={t('listing.actions.pick')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={pick.isPending} okButtonProps={{ 'data-testid': 'pick-submit' }} destroyOnHidden>
      {listing && <p data-testid="pick-available">{t('listing.available', { quantity: `${listing.remaining} ${listing.unit}` })}</p>}
      <Form form={form} layout="vertical">
        <Form.Item name="quantity" label={t('listing.fields.quantity')} rules={rule('quantity', listing?.remaining)}>
          <Input data-testid="field-pick-quantity" />
        </Form.Item>
      </Form>
      {amount && <p data-testid="pick-amount">{t('listing.amountPreview', { amount: formatMoney(amount) })}</p>}
      <FormulaLine formula={formula} testId="pick-formula" />
    </Modal>
  );
}

/** Pick the whole remainder of a sell listing, after a confirmation with the amount. */
export function useAllBuy() {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const pickAll = usePickAll();
  const pickConfirmation = usePickConfirmation();
  return (listing: ListingDetail) => {
    modal.confirm({
      ...pickConfirmation(listing, listing.remaining),
      okButtonProps: { 'data-testid': 'allBuy-ok' },
      onOk: () => pickAll.mutateAsync({ listingId: listing.listingId }).then(() => void message.success(t('listing.done'))),
    });
  };
}

/** A seller picks a purchase request (or buy-side margin order) with one of its held holdings. */
export function SellToModal({ listing, onClose }: { listing: ListingDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const rule = useListingRules();
  const [form] = Form.useForm<{ holdId: string; quantity: string }>();
  const holdId = Form.useWatch('holdId', form);
  const quantity = Form.useWatch('quantity', form);
  const holdings = useHeldHoldings(listing?.commodityName, listing !== null);
  const holding = holdings.content.find((h) => h.holdId === holdId);
  const sell = usePickSell();
  // Never more than both the request's remainder and the chosen holding.
  const max = listing && holding ? (Decimal.parse(holding.quantity).lt(listing.remaining) ? holding.quantity : listing.remaining) : listing?.remaining;
  const amount = listing ? pickAmount(listing, quantity) : '';
  const formula = listing ? pickFormula(listing, quantity) : null;
  async function submit() {
    if (!listing) return;
    const values = await form.validateFields();
    const total = pickAmount(listing, values.quantity);
    modal.confirm({
      title: t('listing.confirm.sellTo', { holdId: values.holdId, quantity: `${values.quantity} ${listing.unit}`, amount: formatMoney(total) }),
      content: <AmountConfirm amount={total} formula={pickFormula(listing, values.quantity)} />,
      okButtonProps: { 'data-testid': 'sellTo-ok' },
      onOk: () =>
        sell.mutateAsync({ listingId: listing.listingId, holdId: values.holdId, quantity: values.quantity }).then(() => {
          void message.success(t('listing.done'));
          form.resetFields();
          onClose();
        }),
    });
  }
  return (
    <Modal open={listing !== null} title={t('listing.actions.sellTo')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={sell.isPending} okButtonProps={{ 'data-testid': 'sellTo-submit' }} destroyOnHidden>
      {listing && <p>{t('listing.available', { quantity: `${listing.remaining} ${listing.unit}` })}</p>}
      <Form form={form} layout="vertical">
        <Form.Item name="holdId" label={t('listing.fields.holdId')} rules={rule('holdId')}>
          <HoldingSelect holdings={holdings.content} loading={holdings.query.isPending} testId="field-sellTo-holdId" />
        </Form.Item>
        <Form.Item name="quantity" label={t('listing.fields.quantity')} rules={rule('quantity', max)}>
          <Input data-testid="field-sellTo-quantity" />
        </Form.Item>
      </Form>
      {amount && <p data-testid="sellTo-amount">{t('listing.amountPreview', { amount: formatMoney(amount) })}</p>}
      <FormulaLine formula={formula} testId="sellTo-formula" />
    </Modal>
  );
}

interface OfferForm {
  price: string;
  quantity: string;
  holdId?: string;
  note?: string;
}

/** An offer (议价) on another firm's listing: price and quantity, and the goods when selling to a buy-side listing. */
export function BargainModal({ listing, onClose }: { listing: ListingDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rule = useListingRules();
  const [form] = Form.useForm<OfferForm>();
  const buySide = listing !== null && (listing.type === 'Q' || listing.bsFlag === 'B');
  const holdings = useHeldHoldings(listing?.commodityName, buySide);
  const offer = useBargainOffer();
  const price = Form.useWatch('price', form);
  const quantity = Form.useWatch('quantity', form);
  const amount = listing ? pickAmount(listing, quantity, price ?? '') : '';
  const formula = listing ? pickFormula(listing, quantity, price ?? '') : null;
  async function submit() {
    if (!listing) return;
    const values = await form.validateFields();
    await offer.mutateAsync({ listingId: listing.listingId, price: values.price, quantity: values.quantity, note: values.note?.trim() ?? '', ...(buySide && values.holdId ? { holdId: values.holdId } : {}) });
    void message.success(t('listing.done'));
    form.resetFields();
    onClose();
  }
  return (
    <Modal open={listing !== null} title={t('listing.bargain.title')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={offer.isPending} okButtonProps={{ 'data-testid': 'bargain-submit' }} destroyOnHidden>
      {listing && (
        <p>
          {`${t('listing.fields.listingPrice')}：`}
          <PriceText price={listing.price} unit={priceUnitOf(listing.type, listing)} testId="bargain-listing-price" />
          {` · ${t('listing.available', { quantity: `${listing.remaining} ${listing.unit}` })}`}
        </p>
      )}
      <Form form={form} layout="vertical">
        {buySide && (
          <Form.Item name="holdId" label={t('listing.fields.holdId')} rules={rule('holdId')}>
            <HoldingSelect holdings={holdings.content} loading={holdings.query.isPending} testId="field-bargain-holdId" />
          </Form.Item>
        )}
        <Form.Item name="price" label={t('listing.fields.offerPrice')} rules={rule('price')}>
          <Input data-testid="field-bargain-price" suffix={listing ? `/${priceUnitOf(listing.type, listing)}` : undefined} />
        </Form.Item>
        <Form.Item name="quantity" label={t('listing.fields.quantity')} rules={rule('quantity', listing?.remaining)}>
          <Input data-testid="field-bargain-quantity" />
        </Form.Item>
        <Form.Item name="note" label={t('listing.fields.note')}>
          <Input.TextArea data-testid="field-bargain-note" maxLength={200} rows={2} />
        </Form.Item>
      </Form>
      {amount && <p data-testid="bargain-amount">{t('listing.amountPreview', { amount: formatMoney(amount) })}</p>}
      <FormulaLine formula={formula} testId="bargain-formula" />
    </Modal>
  );
}

/** The listing owner counters an offer with its own price and quantity. */
export function CounterModal({ bargain, onClose }: { bargain: Bargain | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rule = useListingRules();
  const [form] = Form.useForm<{ price: string; quantity: string; note?: string }>();
  const counter = useBargainCounter();
  async function submit() {
    if (!bargain) return;
    const values = await form.validateFields();
    await counter.mutateAsync({ bargainId: bargain.bargainId, price: values.price, quantity: values.quantity, note: values.note?.trim() ?? '' });
    void message.success(t('listing.done'));
    form.resetFields();
    onClose();
  }
  return (
    <Modal open={bargain !== null} title={t('listing.bargain.counterTitle')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={counter.isPending} okButtonProps={{ 'data-testid': 'counter-submit' }} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ price: bargain?.price, quantity: bargain?.quantity }}>
        <Form.Item name="price" label={t('listing.fields.counterPrice')} rules={rule('price')}>
          <Input data-testid="field-counter-price" />
        </Form.Item>
        <Form.Item name="quantity" label={t('listing.fields.counterQuantity')} rules={rule('quantity')}>
          <Input data-testid="field-counter-quantity" />
        </Form.Item>
        <Form.Item name="note" label={t('listing.fields.counterNote')}>
          <Input.TextArea data-testid="field-counter-note" maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { useState } from 'react';
import { Button, Form, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatMoney, useApp, useSession } from '@tp/web-kit';
import { InvoiceStatus, PickPayStatus, PickStatus, type ListingPickDetail, type PickListQuery } from '@tp/contract';
import { useConfirmInvoice, usePickAction, usePicks } from '../../../api/listing';
import { pickActions, priceUnitOf, type PickAction } from '../logic';
import { AmountConfirm, FilterForm, ListingMenuCard, PriceText, SIZE, StateTag, dateTime } from '../shared';
import { PagedTable } from '../../components/PagedTable';
import { useListFilters } from '../../components/useListFilters';
import { PickDetailDrawer } from './PickDetailDrawer';
import { InvoiceModal, PayBalanceModal, StockInModal } from './PickModals';
import { invoiceConfirmText, invoiceConfirmationPaysSeller } from './invoiceConfirm';

type Filters = Pick<PickListQuery, 'status' | 'payStatus' | 'invoiceStatus'>;
type Fixed = Filters & Pick<PickListQuery, 'listingId' | 'source'>;

const BUTTON_ID: Record<PickAction, string> = {
  confirmPick: 'pick-confirm',
  refusePick: 'pick-refuse',
  cancelPick: 'pick-cancel',
  payBalance: 'pick-payBalance',
  uploadInvoice: 'pick-uploadInvoice',
  confirmInvoice: 'pick-confirmInvoice',
  stockIn: 'pick-stockIn',
};
const OK_ID: Record<'confirmPick' | 'refusePick' | 'cancelPick' | 'confirmInvoice', string> = { confirmPick: 'confirmPick-ok', refusePick: 'refusePick-ok', cancelPick: 'pick-cancel-ok', confirmInvoice: 'confirmInvoice-ok' };
const LABEL: Record<PickAction, 'confirm' | 'refuse' | 'cancelPick' | 'payBalance' | 'uploadInvoice' | 'confirmInvoice' | 'stockIn'> = {
  confirmPick: 'confirm',
  refusePick: 'refuse',
  cancelPick: 'cancelPick',
  payBalance: 'payBalance',
  uploadInvoice: 'uploadInvoice',
  confirmInvoice: 'confirmInvoice',
  stockIn: 'stockIn',
};

/**
 * The viewer's picks on one side, with filters, paging, the detail drawer and only the actions the
 * pick's states and the viewer's rights allow. `fixed` filters are the page's own (e.g. deals: confirmed).
 */
export function PickTable({ side, fixed = {} }: { side: 'buyer' | 'seller'; fixed?: Fixed }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const { hasRight } = useSession();
  const [form] = Form.useForm<Filters>();
  const { filters, page, setPage, replace } = useListFilters<Filters>();
  const [detail, setDetail] = useState<string | null>(null);
  const [paying, setPaying] = useState<ListingPickDetail | null>(null);
  const [invoicing, setInvoicing] = useState<ListingPickDetail | null>(null);
  const [stocking, setStocking] = useState<ListingPickDetail | null>(null);
  const picks = usePicks({ side, ...filters, ...fixed, page, size: SIZE });
  const confirm = usePickAction('confirmPick');
  const refuse = usePickAction('refusePick');
  const cancel = usePickAction('cancelPick');
  const confirmInvoice = useConfirmInvoice();
  const done = () => void message.success(t('listing.done'));

  function act(action: PickAction, pick: ListingPickDetail) {
    if (action === 'payBalance') return setPaying(pick);
    if (action === 'uploadInvoice') return setInvoicing(pick);
    if (action === 'stockIn') return setStocking(pick);
    const run = { confirmPick: confirm, refusePick: refuse, cancelPick: cancel, confirmInvoice }[action];
    const moneyMove = action === 'confirmPick' || (action === 'confirmInvoice' && invoiceConfirmationPaysSeller(pick));
    modal.confirm({
      title: action === 'confirmInvoice' ? invoiceConfirmText(t, pick) : t(`listing.confirm.${action}`, { pickId: pick.pickId, amount: formatMoney(pick.amount) }),
      content: moneyMove ? <AmountConfirm amount={pick.amount} /> : undefined,
      okButtonProps: { 'data-testid': OK_ID[action] },
      onOk: () => run.mutateAsync(pick.pickId).then(done),
    });
  }

  const apply = (values: Filters) => replace({ status: values.status, payStatus: values.payStatus, invoiceStatus: values.invoiceStatus });
  const columns: ColumnsType<ListingPickDetail> = [
    { title: t('listing.fields.pickId'), dataIndex: 'pickId' },
    { title: t('listing.fields.listingId'), dataIndex: 'listingId' },
    { title: t('listing.fields.type'), render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{t(`listing.type.${r.listingType as 'X'}`, { defaultValue: r.listingType })}</span> },
    { title: t('listing.fields.commodity'), render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{`${r.commodityName} ${r.gradeName}`}</span> },
    { title: t('listing.fields.unitPrice'), render: (_, r) => <PriceText price={r.price} unit={priceUnitOf(r.listingType, r)} testId="pick-price" /> },
    { title: t('listing.fields.quantity'), render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{`${r.quantity} ${r.unit}`}</span> },
    { title: t('listing.fields.amount'), render: (_, r) => <span data-testid="pick-amount">{formatMoney(r.amount)}</span> },
    { title: t('listing.fields.fee'), render: (_, r) => formatMoney(r.fee) },
    { title: t('listing.fields.status'), render: (_, r) => <StateTag group="pickStatus" code={r.status} testId="pick-status" /> },
    { title: t('listing.fields.payStatus'), render: (_, r) => <StateTag group="payStatus" code={r.payStatus} testId="pick-payStatus" /> },
    { title: t('listing.fields.invoiceStatus'), render: (_, r) => <StateTag group="invoiceStatus" code={r.invoiceStatus} testId="pick-invoiceStatus" /> },
    { title: t('listing.fields.priceFlag'), render: (_, r) => <StateTag group="priceFlag" code={r.priceFlag} /> },
    {
      title: t(side === 'buyer' ? 'listing.fields.buyerDefault' : 'listing.fields.sellerDefault'),
      render: (_, r) => (side === 'buyer' ? <StateTag group="defaultStatus" code={r.buyerDefault} testId="pick-buyerDefault" /> : <StateTag group="defaultStatus" code={r.sellerDefault} testId="pick-sellerDefault" />),
    },
    { title: t('listing.fields.createdAt'), render: (_, r) => dateTime(r.createdAt) },
    {
      title: t('listing.fields.actions'),
      fixed: 'right',
      render: (_, r) => (
        <Space wrap>
          <Button size="small" onClick={() => setDetail(r.pickId)} data-testid="pick-detail">
            {t('listing.actions.detail')}
          </Button>
          {pickActions(r, hasRight).map((action) => (
            <Button key={action} size="small" type={action === 'refusePick' || action === 'cancelPick' ? 'default' : 'primary'} danger={action === 'refusePick' || action === 'cancelPick'} onClick={() => act(action, r)} data-testid={BUTTON_ID[action]}>
              {t(`listing.actions.${LABEL[action]}`)}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <>
      <FilterForm form={form} onSearch={apply} searchTestId="filter-pick-search">
        {!fixed.status && (
          <Form.Item name="status">
            <Select allowClear placeholder={t('listing.fields.status')} style={{ width: 130 }} data-testid="filter-pick-status" options={PickStatus.map((s) => ({ value: s, label: t(`listing.pickStatus.${s}`) }))} />
          </Form.Item>
        )}
        {!fixed.payStatus && (
          <Form.Item name="payStatus">
            <Select allowClear placeholder={t('listing.fields.payStatus')} style={{ width: 130 }} data-testid="filter-pick-payStatus" options={PickPayStatus.map((s) => ({ value: s, label: t(`listing.payStatus.${s}`) }))} />
          </Form.Item>
        )}
        {!fixed.invoiceStatus && (
          <Form.Item name="invoiceStatus">
            <Select allowClear placeholder={t('listing.fields.invoiceStatus')} style={{ width: 130 }} data-testid="filter-pick-invoiceStatus" options={InvoiceStatus.map((s) => ({ value: s, label: t(`listing.invoiceStatus.${s}`) }))} />
          </Form.Item>
        )}
      </FilterForm>
      {/* Columns as wide as their content: squeezed to the page, the last ones slid under the fixed actions. */}
      <PagedTable<ListingPickDetail> section="listing" query={picks} paging={{ page, setPage }} rowKey="pickId" scroll={{ x: 'max-content' }} rowData={(row) => ({ 'data-testid': `${side}-pick-${row.pickId}`, 'data-listing': row.listingId, 'data-status': row.status, 'data-pay': row.payStatus, 'data-invoice': row.invoiceStatus, 'data-buyer-default': row.buyerDefault, 'data-seller-default': row.sellerDefault })} columns={columns} />
      <PickDetailDrawer pickId={detail} onClose={() => setDetail(null)} />
      <PayBalanceModal pick={paying} onClose={() => setPaying(null)} />
      <InvoiceModal pick={invoicing} onClose={() => setInvoicing(null)} />
      <StockInModal pick={stocking} onClose={() => setStocking(null)} />
    </>
  );
}

/** The firm's picks on one side, under the menu entry the page's address belongs to. */
export function PicksPage({ side, menu }: { side: 'buyer' | 'seller'; menu: 'spotBuyOrder' | 'myPicks' | 'spotResourceOrder' | 'sellOrderList' }) {
  return (
    <ListingMenuCard menu={menu}>
      <PickTable side={side} />
    </ListingMenuCard>
  );
}

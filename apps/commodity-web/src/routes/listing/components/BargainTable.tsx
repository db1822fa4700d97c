import { useState } from 'react';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPrice, useApp, useSession } from '@tp/web-kit';
import { BargainStatus, type Bargain, type BargainListRequest } from '@tp/contract';
import { fetchListingDetail, useBargainAction, useBargains } from '../../../api/listing';
import { bargainActions, pickAmount, pickFormula, priceUnitOf, type BargainAction } from '../logic';
import { AmountConfirm, PriceText, SIZE, StateTag, dateTime } from '../shared';
import { PagedTable } from '../../components/PagedTable';
import { FilterSelect } from '../../components/ListFilters';
import { useListFilters } from '../../components/useListFilters';
import { commodityColumn, quantityColumn } from '../../components/columns';
import { CounterModal } from './ListingModals';

/**
 * Offers (议价) the viewer made (`offerer`) or received on its own listings (`owner`); `pending`
 * shows only those waiting for the viewer.
 */
export function BargainTable({ role, pending = false }: { role: BargainListRequest['role']; pending?: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const { hasRight } = useSession();
  const waitingStatus = role === 'owner' ? 'W' : 'C';
  const { filters, page, setPage, filter } = useListFilters<Pick<BargainListRequest, 'status'>>(pending ? { status: waitingStatus } : {});
  const { status } = filters;
  const [countering, setCountering] = useState<Bargain | null>(null);
  const bargains = useBargains({ role, ...(status ? { status } : {}), page, size: SIZE });
  const accept = useBargainAction('bargainAccept');
  const refuse = useBargainAction('bargainRefuse');
  const withdraw = useBargainAction('bargainWithdraw');
  const done = () => void message.success(t('listing.done'));

  async function act(action: BargainAction, b: Bargain) {
    if (action === 'counter') return setCountering(b);
    if (action !== 'accept')
      return modal.confirm({
        title: t(`listing.confirm.${action}`, { bargainId: b.bargainId }),
        okButtonProps: { 'data-testid': `bargain-${action}-ok` },
        onOk: () => (action === 'refuse' ? refuse : withdraw).mutateAsync(b.bargainId).then(done),
      });
    // Accepting a counter-offer takes the owner's terms; accepting an offer takes the offerer's.
    const price = b.status === 'C' && b.counterPrice ? b.counterPrice : b.price;
    const quantity = b.status === 'C' && b.counterQuantity ? b.counterQuantity : b.quantity;
    // The amount depends on the listing (per quantity or per weight): worked out as the server does.
    const listing = await fetchListingDetail(b.listingId);
    const amount = pickAmount(listing, quantity, price);
    modal.confirm({
      title: t('listing.confirm.accept', { bargainId: b.bargainId, quantity: `${quantity} ${b.unit}`, price: formatPrice(price), priceUnit: priceUnitOf(listing.type, listing) }),
      content: (
        <AmountConfirm amount={amount} formula={pickFormula(listing, quantity, price)}>
          <p data-testid="bargain-accept-amount">{t('listing.amountPreview', { amount: formatMoney(amount) })}</p>
        </AmountConfirm>
      ),
      okButtonProps: { 'data-testid': 'bargain-accept-ok' },
      onOk: () => accept.mutateAsync(b.bargainId).then(done),
    });
  }

  const columns: ColumnsType<Bargain> = [
    { title: t('listing.fields.bargainId'), dataIndex: 'bargainId' },
    { title: t('listing.fields.listingId'), dataIndex: 'listingId' },
    commodityColumn(t('listing.fields.commodity')),
    { title: t('listing.fields.listingPrice'), render: (_, r) => <PriceText price={r.listingPrice} unit={priceUnitOf(r.listingType, r)} /> },
    { title: t('listing.fields.offerPrice'), render: (_, r) => <PriceText price={r.price} unit={priceUnitOf(r.listingType, r)} testId="bargain-price" /> },
    quantityColumn(t('listing.fields.quantity')),
    {
      title: t('listing.fields.counterPrice'),
      render: (_, r) =>
        r.counterPrice ? (
          <span style={{ whiteSpace: 'nowrap' }}>
            <PriceText price={r.counterPrice} unit={priceUnitOf(r.listingType, r)} />
            {` × ${r.counterQuantity ?? ''} ${r.unit}`}
          </span>
        ) : (
          '-'
        ),
    },
    { title: t('listing.fields.note'), render: (_, r) => [r.note, r.counterNote].filter(Boolean).join(' / ') || '-' },
    { title: t('listing.fields.status'), render: (_, r) => <StateTag group="bargainStatus" code={r.status} testId="bargain-status" /> },
    { title: t('listing.fields.pickId'), render: (_, r) => r.pickId ?? '-' },
    { title: t('listing.fields.createdAt'), render: (_, r) => dateTime(r.updatedAt) },
    {
      title: t('listing.fields.actions'),
      render: (_, r) => (
        <Space wrap>
          {bargainActions(r, hasRight).map((action) => (
            <Button key={action} size="small" type={action === 'accept' ? 'primary' : 'default'} danger={action === 'refuse' || action === 'withdraw'} onClick={() => void act(action, r)} data-testid={`bargain-${action}`}>
              {t(`listing.actions.${action}`)}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <FilterSelect placeholder={t('listing.fields.status')} width={140} value={status} testId="filter-bargain-status" onChange={(v) => filter({ status: v })} options={BargainStatus.map((s) => ({ value: s, label: t(`listing.bargainStatus.${s}`) }))} />
      </Space>
      <PagedTable<Bargain> section="listing" query={bargains} paging={{ page, setPage }} rowKey="bargainId" rowData={(row) => ({ 'data-testid': `bargain-row-${row.bargainId}`, 'data-status': row.status, 'data-listing': row.listingId })} columns={columns} />
      <CounterModal bargain={countering} onClose={() => setCountering(null)} />
    </>
  );
}

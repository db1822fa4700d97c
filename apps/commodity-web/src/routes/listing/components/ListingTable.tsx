import { Button, Form, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, useApp, useSession } from '@tp/web-kit';
import { ListingStatusAll, MARKET_CLOSE_REASON, type ListingDetail, type MarketQuery } from '@tp/contract';
import { useCancelListing, useMyListings, useTopListing } from '../../../api/listing';
import { paths } from '../../../paths';
import { listingActions, priceUnitOf } from '../logic';
import { PriceText, SIZE, StateTag } from '../shared';
import { PagedTable } from '../../components/PagedTable';
import { FilterSelect } from '../../components/ListFilters';
import { useListFilters } from '../../components/useListFilters';
import { commodityColumn, quantityColumn, weightColumn } from '../../components/columns';
import { PickTable } from './PickTable';

type Fixed = Pick<MarketQuery, 'type' | 'source' | 'bsFlag'>;

/**
 * The firm's own listings of one kind, with status filter, paging, and cancel / pin as state and
 * rights allow; `withPicks` opens each listing's picks under its row.
 */
export function ListingTable({ fixed = {}, withPicks = false }: { fixed?: Fixed; withPicks?: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const { hasRight } = useSession();
  const { filters, page, setPage, filter } = useListFilters<Pick<MarketQuery, 'status'>>();
  const { status } = filters;
  const listings = useMyListings({ ...fixed, ...(status ? { status } : {}), page, size: SIZE });
  const cancel = useCancelListing();
  const top = useTopListing();
  const done = () => void message.success(t('listing.done'));
  const ask = (action: 'cancel' | 'top' | 'untop', r: ListingDetail) =>
    modal.confirm({
      title: t(`listing.confirm.${action}`, { listingId: r.listingId }),
      okButtonProps: { 'data-testid': `listing-${action}-ok` },
      onOk: () => (action === 'cancel' ? cancel.mutateAsync(r.listingId) : top.mutateAsync({ listingId: r.listingId, top: action === 'top' })).then(done),
    });
  const columns: ColumnsType<ListingDetail> = [
    {
      title: t('listing.fields.listingId'),
      render: (_, r) => (
        <Space size={4}>
          {r.topAt && <Tag color="red">{t('listing.pinned')}</Tag>}
          <Link to={r.type === 'Q' || r.bsFlag === 'B' ? paths.purchaseDetails(r.listingId) : paths.resourceDetails(r.listingId)}>{r.listingId}</Link>
        </Space>
      ),
    },
    { title: t('listing.fields.type'), render: (_, r) => `${t(`listing.type.${r.type as 'X'}`, { defaultValue: r.type })} · ${t(`listing.bsFlag.${r.bsFlag as 'S'}`, { defaultValue: r.bsFlag })} · ${t(`listing.source.${r.source as 'W'}`, { defaultValue: r.source })}` },
    commodityColumn(t('listing.fields.commodity')),
    { title: t('listing.fields.unitPrice'), render: (_, r) => <PriceText price={r.price} unit={priceUnitOf(r.type, r)} testId="listing-price" /> },
    quantityColumn(t('listing.fields.quantity')),
    { title: t('listing.fields.remaining'), render: (_, r) => <span data-testid="listing-remaining">{`${r.remaining} ${r.unit}`}</span> },
    weightColumn(t('listing.fields.weight')),
    { title: t('listing.fields.margin'), render: (_, r) => formatMoney(r.margin) },
    {
      title: t('listing.fields.status'),
      render: (_, r) => (
        <Space size={4}>
          <StateTag group="listingStatus" code={r.status} testId="listing-status" />
          {r.auditStatus !== 'N' && <StateTag group="auditStatus" code={r.auditStatus} testId="listing-audit" />}
          {r.reason && (
            <Tooltip title={t('listing.reasonShown', { reason: r.reason === MARKET_CLOSE_REASON ? t('listing.marketCloseReason') : r.reason })}>
              <Tag color="red" data-testid="listing-reason">
                {r.reason === MARKET_CLOSE_REASON ? t('listing.marketCloseReason') : r.reason}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('listing.fields.actions'),
      render: (_, r) => {
        const actions = listingActions(r, hasRight);
        return (
          <Space wrap>
            {actions.includes('cancel') && (
              <Button size="small" danger data-testid="listing-cancel" onClick={() => ask('cancel', r)}>
                {t('listing.actions.cancel')}
              </Button>
            )}
            {actions.includes('top') && (
              <Button size="small" data-testid="listing-top" onClick={() => ask('top', r)}>
                {t('listing.actions.top')}
              </Button>
            )}
            {r.status === 'O' && r.topAt && (
              <Button size="small" data-testid="listing-untop" onClick={() => ask('untop', r)}>
                {t('listing.actions.untop')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];
  const expandable = withPicks ? { expandedRowRender: (r: ListingDetail) => <PickTable side={r.type === 'Q' || r.bsFlag === 'B' ? 'buyer' : 'seller'} fixed={{ listingId: r.listingId }} /> } : undefined;

  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item>
          <FilterSelect placeholder={t('listing.fields.status')} width={140} value={status} testId="filter-listing-status" onChange={(v) => filter({ status: v })} options={ListingStatusAll.map((s) => ({ value: s, label: t(`listing.listingStatus.${s}`) }))} />
        </Form.Item>
      </Form>
      <PagedTable<ListingDetail> section="listing" query={listings} paging={{ page, setPage }} rowKey="listingId" rowData={(row) => ({ 'data-testid': `my-listing-${row.listingId}`, 'data-status': row.status, 'data-audit': row.auditStatus })} expandable={expandable} columns={columns} />
    </>
  );
}

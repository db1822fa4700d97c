import { useState } from 'react';
import { Button, Form, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates, formatMoney, useApp, useSession } from '@tp/web-kit';
import { ListingStatusAll, MARKET_CLOSE_REASON, type ListingDetail, type MarketQuery } from '@tp/contract';
import { useCancelListing, useMyListings, useTopListing } from '../../../api/listing';
import { paths } from '../../../paths';
import { listingActions, priceUnitOf } from '../logic';
import { PriceText, SIZE, StateTag, pagination } from '../shared';
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
  const [status, setStatus] = useState<MarketQuery['status']>();
  const [page, setPage] = useState(0);
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
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item>
          <Select
            allowClear
            placeholder={t('listing.fields.status')}
            style={{ width: 140 }}
            value={status}
            data-testid="filter-listing-status"
            onChange={(v: MarketQuery['status']) => {
              setStatus(v);
              setPage(0);
            }}
            options={ListingStatusAll.map((s) => ({ value: s, label: t(`listing.listingStatus.${s}`) }))}
          />
        </Form.Item>
      </Form>
      <QueryStates keys="listing" skeletonRows={4} query={listings} empty={listings.data?.total === 0}>
        <Table<ListingDetail>
          rowKey="listingId"
          size="small"
          scroll={{ x: true }}
          dataSource={listings.data?.content ?? []}
          pagination={pagination(page, SIZE, listings.data?.total ?? 0, setPage)}
          onRow={(row) => ({ 'data-testid': `my-listing-${row.listingId}`, 'data-status': row.status, 'data-audit': row.auditStatus }) as object}
          expandable={withPicks ? { expandedRowRender: (r) => <PickTable side={r.type === 'Q' || r.bsFlag === 'B' ? 'buyer' : 'seller'} fixed={{ listingId: r.listingId }} /> } : undefined}
          columns={[
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
            { title: t('listing.fields.commodity'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
            { title: t('listing.fields.unitPrice'), render: (_, r) => <PriceText price={r.price} unit={priceUnitOf(r.type, r)} testId="listing-price" /> },
            { title: t('listing.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
            { title: t('listing.fields.remaining'), render: (_, r) => <span data-testid="listing-remaining">{`${r.remaining} ${r.unit}`}</span> },
            { title: t('listing.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
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
          ]}
        />
      </QueryStates>
    </>
  );
}

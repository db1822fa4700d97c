import { useState } from 'react';
import { App, Button, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListingAuditStatus, ListingSource, MARKET_CLOSE_REASON, ListingStatusAll, ListingType, type AdminListingListRequest, type ListingDetail } from '@tp/contract';
import { useAdminListings, useAuditListing, useForceOffShelf } from '../../api/listing';
import { ListingStatusTag, LISTING_QUERY_KEYS, ReasonButton, SIZE, amount3, money, time } from './components';
import { CodeSelect } from '../../components/CodeSelect';
import { QueryTable } from '../../components/QueryTable';
import { awaitsAudit, canForceOff } from './rules';

type Filters = Pick<AdminListingListRequest, 'type' | 'source' | 'status' | 'auditStatus' | 'firmId'>;

/**
 * Listings of every firm. As the audit queue it shows only what waits for staff (presale and
 * purchase requests in audit); as the full list it filters freely and offers the forced off-shelf.
 */
export function ListingsTab({ queue }: { queue: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const [filters, setFilters] = useState<Filters>({});
  const request: AdminListingListRequest = { ...filters, ...(queue ? { status: 'A', auditStatus: 'P' } : {}), page, size: SIZE };
  const listings = useAdminListings(request);
  const audit = useAuditListing();
  const offShelf = useForceOffShelf();
  const done = () => void message.success(t('listing.done'));
  const testId = queue ? 'listing-queue' : 'listing-all';

  function filter<K extends keyof Filters>(key: K) {
    return (value: Filters[K] | undefined) => {
      setFilters((current) => ({ ...current, [key]: value || undefined }));
      setPage(0);
    };
  }

  const actions = (row: ListingDetail) => (
    <Space>
      {awaitsAudit(row) && (
        <>
          <Popconfirm title={t('listing.confirm.approve')} onConfirm={() => audit.mutateAsync({ listingId: row.listingId, pass: true }).then(done, () => undefined)} okButtonProps={{ 'data-testid': 'listing-approve-ok' }}>
            <Button size="small" type="primary" data-testid="listing-approve">
              {t('listing.actions.approve')}
            </Button>
          </Popconfirm>
          <ReasonButton label={t('listing.actions.reject')} testId="listing-reject" onSubmit={(reason) => audit.mutateAsync({ listingId: row.listingId, pass: false, reason }).then(done)} />
        </>
      )}
      {!queue && canForceOff(row) && (
        <ReasonButton
          label={t('listing.actions.offShelf')}
          testId="listing-offshelf"
          confirmText={t('listing.confirm.offShelf', { listingId: row.listingId })}
          onSubmit={(reason) => offShelf.mutateAsync({ listingId: row.listingId, reason }).then(done)}
        />
      )}
    </Space>
  );

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <CodeSelect codes={queue ? (['B', 'Q'] as const) : ListingType} label={(v) => t(`listing.type.${v}`)} placeholder={t('listing.filters.type')} width={140} value={filters.type} onChange={filter('type')} data-testid={`${testId}-filter-type`} />
        <CodeSelect codes={ListingSource} label={(v) => t(`listing.source.${v}`)} placeholder={t('listing.filters.source')} width={120} value={filters.source} onChange={filter('source')} data-testid={`${testId}-filter-source`} />
        {!queue && (
          <>
            <CodeSelect codes={ListingStatusAll} label={(v) => t(`listing.status.${v}`)} placeholder={t('listing.filters.status')} width={130} value={filters.status} onChange={filter('status')} data-testid={`${testId}-filter-status`} />
            <CodeSelect codes={ListingAuditStatus} label={(v) => t(`listing.auditStatus.${v}`)} placeholder={t('listing.filters.auditStatus')} width={150} value={filters.auditStatus} onChange={filter('auditStatus')} data-testid={`${testId}-filter-audit`} />
          </>
        )}
        <Input.Search
          allowClear
          placeholder={t('listing.filters.firmId')}
          style={{ width: 180 }}
          maxLength={18}
          onSearch={(value) => filter('firmId')(/^\d{1,18}$/.test(value.trim()) ? value.trim() : undefined)}
          data-testid={`${testId}-filter-firm`}
        />
      </Space>
      <QueryTable<ListingDetail>
        keys={LISTING_QUERY_KEYS}
        query={listings}
        testIdPrefix={testId}
        rowKey="listingId"
        scroll={{ x: 'max-content' }}
        loading={listings.isFetching}
        data-testid={`${testId}-table`}
        page={page}
        onPage={setPage}
        totalText={(total) => t('listing.total', { total })}
        rowData={(row) => ({ 'data-testid': `admin-listing-${row.listingId}`, 'data-status': row.status })}
        columns={[
          { title: t('listing.fields.listingId'), dataIndex: 'listingId' },
          { title: t('listing.fields.firmId'), dataIndex: 'firmId' },
          {
            title: t('listing.fields.type'),
            render: (_, r) => (
              <Space size={4}>
                {t(`listing.type.${r.type as 'X'}`, { defaultValue: r.type })}
                {r.bsFlag ? <Tag>{t(`listing.bsFlag.${r.bsFlag as 'S'}`, { defaultValue: r.bsFlag })}</Tag> : null}
              </Space>
            ),
          },
          { title: t('listing.fields.source'), render: (_, r) => t(`listing.source.${r.source as 'W'}`, { defaultValue: r.source }) },
          { title: t('listing.fields.commodity'), render: (_, r) => `${r.commodityName} / ${r.gradeName}` },
          { title: t('listing.fields.price'), align: 'right', render: (_, r) => money(r.price) },
          { title: t('listing.fields.quantity'), align: 'right', render: (_, r) => `${amount3(r.quantity)} ${r.unit}` },
          { title: t('listing.fields.remaining'), align: 'right', render: (_, r) => <span data-testid="listing-remaining">{`${amount3(r.remaining)} ${r.unit}`}</span> },
          { title: t('listing.fields.weight'), align: 'right', render: (_, r) => `${amount3(r.weight)} ${r.weightUnit}` },
          { title: t('listing.fields.margin'), align: 'right', render: (_, r) => money(r.margin) },
          { title: t('listing.fields.putWarehousDay'), render: (_, r) => r.putWarehousDay ?? '—' },
          {
            title: t('listing.fields.status'),
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <ListingStatusTag status={r.status} />
                {r.reason ? (
                  <Typography.Text type="secondary" data-testid="listing-reason" style={{ display: 'block', maxWidth: 240, whiteSpace: 'normal' }}>
                    {r.reason === MARKET_CLOSE_REASON ? t('listing.marketCloseReason') : r.reason}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          { title: t('listing.fields.auditStatus'), render: (_, r) => t(`listing.auditStatus.${r.auditStatus as 'N'}`, { defaultValue: r.auditStatus }) },
          { title: t('listing.fields.createdAt'), render: (_, r) => time(r.createdAt) },
          { title: t('listing.fields.actions'), render: (_, r) => actions(r) },
        ]}
      />
    </>
  );
}

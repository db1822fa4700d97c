import { useState } from 'react';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REASON_DUE, isDefaultReason, type AdminDefaultListRequest, type AdminDefaultPick } from '@tp/contract';
import { useAdminDefaults } from '../../api/listing';
import { DefaultTag, LISTING_QUERY_KEYS, SIZE, amount3, money, time } from './components';
import { CodeSelect } from '../../components/CodeSelect';
import { QueryTable } from '../../components/QueryTable';

type Side = NonNullable<AdminDefaultListRequest['side']>;
type Status = NonNullable<AdminDefaultListRequest['status']>;

// Deadlines are the server's (the sandbox clock may run ahead of the browser's), so the default
// tags, not a comparison with the browser's time, say what is overdue.
function Deadline({ label, at }: { label: string; at: string | null }) {
  if (!at) return null;
  return (
    <div>
      <Typography.Text type="secondary">{label}</Typography.Text> {time(at)}
    </div>
  );
}

/** Picks where a buyer or seller is delayed (W) or has defaulted (F), with their deadlines, margins and reasons. */
export function DefaultsTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const reasonText = (r: AdminDefaultPick) =>
    isDefaultReason(r.defaultReason) ? t(`listing.defaultReason.${r.defaultReason}`, { due: time(r[DEFAULT_REASON_DUE[r.defaultReason]]) }) : r.defaultReason || t('listing.none');
  const [side, setSide] = useState<Side>();
  const [status, setStatus] = useState<Status>();
  const defaults = useAdminDefaults({ side, status, page, size: SIZE });

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <CodeSelect codes={['buyer', 'seller'] as const} label={(v) => t(`listing.side.${v}`)} placeholder={t('listing.filters.side')} width={140} value={side} onChange={(v: Side | undefined) => (setSide(v), setPage(0))} data-testid="defaults-filter-side" />
        <CodeSelect codes={['W', 'F'] as const} label={(v) => t(`listing.defaultStatus.${v}`)} placeholder={t('listing.filters.defaultStatus')} width={210} value={status} onChange={(v: Status | undefined) => (setStatus(v), setPage(0))} data-testid="defaults-filter-status" />
      </Space>
      <QueryTable<AdminDefaultPick>
        keys={LISTING_QUERY_KEYS}
        query={defaults}
        testIdPrefix="defaults"
        rowKey="pickId"
        scroll={{ x: 'max-content' }}
        loading={defaults.isFetching}
        data-testid="defaults-table"
        page={page}
        onPage={setPage}
        totalText={(total) => t('listing.total', { total })}
        rowData={(row) => ({ 'data-testid': `default-pick-${row.pickId}`, 'data-buyer': row.buyerDefault, 'data-seller': row.sellerDefault })}
        columns={[
          { title: t('listing.fields.pickId'), dataIndex: 'pickId' },
          { title: t('listing.fields.listingId'), dataIndex: 'listingId' },
          { title: t('listing.fields.buyerFirmId'), dataIndex: 'buyerFirmId' },
          { title: t('listing.fields.sellerFirmId'), dataIndex: 'sellerFirmId' },
          { title: t('listing.fields.commodity'), render: (_, r) => `${r.commodityName} / ${r.gradeName}` },
          { title: t('listing.fields.quantity'), align: 'right', render: (_, r) => `${amount3(r.quantity)} ${r.unit}` },
          { title: t('listing.fields.amount'), align: 'right', render: (_, r) => money(r.amount) },
          { title: t('listing.fields.buyerMargin'), align: 'right', render: (_, r) => money(r.buyerMargin) },
          { title: t('listing.fields.sellerMargin'), align: 'right', render: (_, r) => money(r.sellerMargin) },
          { title: t('listing.fields.balance'), align: 'right', render: (_, r) => money(r.balance) },
          {
            title: t('listing.fields.pickStatus'),
            render: (_, r) => `${t(`listing.pickStatus.${r.status as 'W'}`, { defaultValue: r.status })} / ${t(`listing.payStatus.${r.payStatus as 'W'}`, { defaultValue: r.payStatus })}`,
          },
          { title: t('listing.fields.buyerDefault'), render: (_, r) => <DefaultTag status={r.buyerDefault} testId="buyer-default" /> },
          { title: t('listing.fields.sellerDefault'), render: (_, r) => <DefaultTag status={r.sellerDefault} testId="seller-default" /> },
          {
            title: t('listing.fields.deadlines'),
            render: (_, r) => (
              <>
                <Deadline label={t('listing.fields.balanceDueAt')} at={r.balanceDueAt} />
                <Deadline label={t('listing.fields.invoiceDueAt')} at={r.invoiceDueAt} />
                <Deadline label={t('listing.fields.deliveryDueAt')} at={r.deliveryDueAt} />
              </>
            ),
          },
          { title: t('listing.fields.defaultReason'), render: (_, r) => <div data-testid="default-reason" style={{ maxWidth: 320, whiteSpace: 'normal' }}>{reasonText(r)}</div> },
        ]}
      />
    </>
  );
}

import { useState } from 'react';
import { Alert, Input, Segmented, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePagedList, type PagedList } from '../api/admin';

/** The status tabs above a review list; the first status is the one the list opens on (its queue). */
export interface StatusFilter<Status extends string> {
  statuses: readonly Status[];
  label: (status: Status) => string;
  'data-testid'?: string;
}

export interface PagedTableProps<Row, Status extends string = string> {
  list: PagedList<Row>;
  columns: TableColumnsType<Row>;
  rowKey: (keyof Row & string) | ((row: Row) => string);
  /** The request field the search box fills: `keyword`, or `account` for the outbox. */
  searchField?: 'keyword' | 'account';
  searchPlaceholder: string;
  pageSize?: number;
  /** Further request fields, e.g. the review level. */
  extra?: Record<string, unknown>;
  /** Status tabs; the chosen status goes into the request as `status`. */
  statusFilter?: StatusFilter<Status>;
  'data-testid'?: string;
}

/**
 * A searchable, server-paged table. Search text and page live in the address, so a reload or a
 * shared link shows the same rows; a new search starts at the first page.
 */
export function PagedTable<Row extends object, Status extends string = string>({ statusFilter, ...table }: PagedTableProps<Row, Status>) {
  const [status, setStatus] = useState<Status | undefined>(statusFilter?.statuses[0]);
  if (!statusFilter) return <SearchablePagedTable {...table} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented<Status>
        value={status}
        onChange={setStatus}
        options={statusFilter.statuses.map((value) => ({ value, label: statusFilter.label(value) }))}
        data-testid={statusFilter['data-testid']}
      />
      {/* A new status starts the list afresh: its own search box and rows. */}
      <SearchablePagedTable key={status} {...table} extra={{ ...table.extra, status }} />
    </Space>
  );
}

function SearchablePagedTable<Row extends object>({ list: resource, columns, rowKey, searchField = 'keyword', searchPlaceholder, pageSize = 10, extra, ...rest }: Omit<PagedTableProps<Row>, 'statusFilter'>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? '1') - 1) || 0;
  const request = { ...extra, [searchField]: search || undefined, page, size: pageSize };
  const list = usePagedList<Row>(resource, request);

  function update(next: { q?: string; page?: number }) {
    const merged = new URLSearchParams(params);
    if (next.q !== undefined) {
      if (next.q) merged.set('q', next.q);
      else merged.delete('q');
      merged.delete('page');
    }
    if (next.page !== undefined) merged.set('page', String(next.page));
    setParams(merged);
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        defaultValue={search}
        placeholder={searchPlaceholder}
        enterButton={t('list.search')}
        style={{ maxWidth: 480 }}
        onSearch={(value) => update({ q: value.trim() })}
        data-testid="list-search"
      />
      {list.isError && !list.data ? <Alert type="error" showIcon message={list.error.message} /> : null}
      <Table<Row>
        data-testid={rest['data-testid']}
        rowKey={rowKey}
        columns={columns}
        dataSource={list.data?.content ?? []}
        loading={list.isFetching}
        locale={{ emptyText: t('list.empty') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page + 1,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => <Typography.Text type="secondary">{t('list.total', { total })}</Typography.Text>,
          onChange: (next) => update({ page: next }),
        }}
      />
    </Space>
  );
}

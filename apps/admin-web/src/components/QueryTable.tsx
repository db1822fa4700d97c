import { Table, type TableProps } from 'antd';
import { QueryStates, type QueryStateTexts } from '@tp/web-kit';

/** A query of one server page of rows. */
export interface PageQuery<Row> {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  data?: { content: Row[]; total: number } | undefined;
}

export type PageTableProps<Row> = Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'onRow'> & {
  query: Pick<PageQuery<Row>, 'data'>;
  /** Counted from 0, as on the wire. */
  page: number;
  onPage: (page: number) => void;
  pageSize?: number;
  /** Offer a page-size choice (by default only on long lists, as antd does). */
  sizeChanger?: boolean;
  totalText?: (total: number) => string;
  /** The test id and data attributes each row carries (the end-to-end journeys find rows by them). */
  rowData?: (row: Row) => Record<`data-${string}`, string | null | undefined>;
};

/** One server page of rows with the pager; while a page loads, the table shows what `loading` says. */
export function PageTable<Row extends object>({ query, page, onPage, pageSize = 10, sizeChanger, totalText, rowData, ...table }: PageTableProps<Row>) {
  return (
    <Table<Row>
      size="small"
      dataSource={query.data?.content ?? []}
      pagination={{ current: page + 1, pageSize, total: query.data?.total ?? 0, showSizeChanger: sizeChanger, showTotal: totalText, onChange: (next) => onPage(next - 1) }}
      onRow={rowData ? (row) => rowData(row) as object : undefined}
      {...table}
    />
  );
}

export type QueryTableProps<Row> = PageTableProps<Row> & {
  query: PageQuery<Row>;
  /** The section whose loadFailed / retry / empty texts the list shows, or those keys. */
  keys: string | QueryStateTexts;
  /** Names the loading, error, retry and empty elements; the section by default. */
  testIdPrefix?: string;
};

/** A server-paged list: its loading, failed and empty states, then the page's rows with the pager. */
export function QueryTable<Row extends object>({ keys, testIdPrefix, ...table }: QueryTableProps<Row>) {
  return (
    <QueryStates keys={keys} testIdPrefix={testIdPrefix} query={table.query} empty={table.query.data?.total === 0}>
      <PageTable<Row> scroll={{ x: true }} sizeChanger={false} {...table} />
    </QueryStates>
  );
}

import { Table, type TableProps } from 'antd';
import { QueryStates, type QueryStateTexts } from '@tp/web-kit';

/** A query of one server page of rows. */
export interface PageQuery<Row> {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  data?: { content: Row[]; total: number } | undefined;
}

export type QueryTableProps<Row> = Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'onRow'> & {
  query: PageQuery<Row>;
  /** The section whose loadFailed / retry / empty texts the list shows, or those keys. */
  keys: string | QueryStateTexts;
  /** Names the loading, error, retry and empty elements; the section by default. */
  testIdPrefix?: string;
  /** Counted from 0, as on the wire. */
  page: number;
  onPage: (page: number) => void;
  pageSize?: number;
  totalText?: (total: number) => string;
  /** The test id and data attributes each row carries (the end-to-end journeys find rows by them). */
  rowData?: (row: Row) => Record<`data-${string}`, string | null | undefined>;
};

/** A server-paged list: its loading, failed and empty states, then the page's rows with the pager. */
export function QueryTable<Row extends object>({ query, keys, testIdPrefix, page, onPage, pageSize = 10, totalText, rowData, ...table }: QueryTableProps<Row>) {
  return (
    <QueryStates keys={keys} testIdPrefix={testIdPrefix} query={query} empty={query.data?.total === 0}>
      <Table<Row>
        size="small"
        scroll={{ x: true }}
        dataSource={query.data?.content ?? []}
        pagination={{ current: page + 1, pageSize, total: query.data?.total ?? 0, showSizeChanger: false, showTotal: totalText, onChange: (next) => onPage(next - 1) }}
        onRow={rowData ? (row) => rowData(row) as object : undefined}
        {...table}
      />
    </QueryStates>
  );
}

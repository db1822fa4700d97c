import { Table, type TableProps } from 'antd';
import { QueryStates } from '@tp/web-kit';
import { pagination } from '../../layout/SectionPage';

/** The size of every server-paged list of the trading pages. */
export const PAGE_SIZE = 10;

/** One page of a server list, as every paged endpoint answers. */
export interface ServerPage<T> {
  content: T[];
  total: number;
}

export interface PageQuery<T> {
  data: ServerPage<T> | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export type PagedTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onRow'> & {
  /** The dictionary section whose texts the loading, failed and empty states show. */
  section: 'listing' | 'product' | 'supply' | 'warehouse' | 'contract' | 'pledge';
  query: PageQuery<T>;
  /** The page shown, counted from 0 as on the wire, and how to turn it. */
  paging: { page: number; setPage: (page: number) => void };
  pageSize?: number;
  /** The test id and data attributes each row carries (the end-to-end journeys find rows by them). */
  rowData?: (row: T) => Record<`data-${string}`, string | null | undefined>;
};

/** A server-paged list: its loading, failed and empty states, then the page's rows with the pager. */
export function PagedTable<T extends object>({ section, query, paging, pageSize = PAGE_SIZE, rowData, ...table }: PagedTableProps<T>) {
  return (
    <QueryStates keys={section} skeletonRows={4} query={query} empty={query.data?.total === 0}>
      <Table<T>
        size="small"
        scroll={{ x: true }}
        {...table}
        dataSource={query.data?.content ?? []}
        pagination={pagination(paging.page, pageSize, query.data?.total ?? 0, paging.setPage)}
        onRow={rowData ? (row) => rowData(row) as object : undefined}
      />
    </QueryStates>
  );
}

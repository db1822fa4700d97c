import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ContentColumn, ContentDetail, ContentPage, ContentPath, ListingApiPath, PublicFeeSettings, type ContentColumnCode } from '@tp/contract';
import { api } from './client';

export const contentKeys = {
  all: ['content'] as const,
  columns: () => [...contentKeys.all, 'columns'] as const,
  list: (columnId: string, page: number, size: number) => [...contentKeys.all, 'list', columnId, page, size] as const,
  detail: (key: string) => [...contentKeys.all, 'detail', key] as const,
  feeTerms: () => [...contentKeys.all, 'feeTerms'] as const,
};

/** Columns rarely change: read once per visit. */
function useColumns() {
  return useQuery({
    queryKey: contentKeys.columns(),
    queryFn: ({ signal }) => api.get(ContentPath.columns, undefined, ContentColumn.array(), { signal }),
    staleTime: Infinity,
  });
}

/** A column's items by its code, newest first; `page` counts from 0. */
export function useContentList(code: ContentColumnCode, page: number, size: number) {
  const columns = useColumns();
  const columnId = columns.data?.find((column) => column.code === code)?.columnId;
  const list = useQuery({
    queryKey: contentKeys.list(columnId ?? '', page, size),
    queryFn: ({ signal }) => api.get(ContentPath.list, { columnId: columnId ?? '', page, size }, ContentPage, { signal }),
    enabled: columnId !== undefined,
    placeholderData: keepPreviousData,
  });
  return { ...list, isPending: columns.isPending || list.isPending, isError: columns.isError || list.isError };
}

/** One item by id, or a footer page by its slug. */
export function useContentDetail(by: { id: string } | { slug: string }) {
  const key = 'id' in by ? `id:${by.id}` : `slug:${by.slug}`;
  return useQuery({
    queryKey: contentKeys.detail(key),
    queryFn: ({ signal }) => api.get(ContentPath.detail, by, ContentDetail, { signal }),
    retry: false,
  });
}

/** The fee settings in force, which the rate page (收费标准) is worded from; read fresh on every visit, so a change by staff shows. */
export function useFeeTerms() {
  return useQuery({
    queryKey: contentKeys.feeTerms(),
    queryFn: ({ signal }) => api.get(ListingApiPath.feeSettings, undefined, PublicFeeSettings, { signal }),
    staleTime: 0,
  });
}

import type { Page } from '@tp/contract';

/** A zero-based page request as every list endpoint takes it. */
export interface PageQuery {
  page: number;
  size: number;
}

/** The rows a page covers, as a repository's `offset` and `limit`. */
export const pageWindow = (query: PageQuery): { offset: number; limit: number } => ({ offset: query.page * query.size, limit: query.size });

/** One page of `content` out of `total`, echoing the page asked for. */
export const pageOf = <T>(content: T[], total: number, query: PageQuery): Page<T> => ({ content, total, page: query.page, size: query.size });

/** An optional id filter as a request carries it (a decimal string), as the number a repository compares. */
export const optionalId = (id: string | undefined): number | undefined => (id === undefined ? undefined : Number(id));

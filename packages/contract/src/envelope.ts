import { z } from 'zod';

/** Every response of the platform is this envelope; `code "0"` is success. */
export interface Envelope<T> {
  code: string;
  message: string;
  value: T;
}

export const envelopeOf = <T extends z.ZodType>(value: T) =>
  z.object({ code: z.string(), message: z.string(), value });

/** Paged lists put this shape in `value`. `page` counts from 0 as the clients send it. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export interface Page<T> {
  content: T[];
  total: number;
  page: number;
  size: number;
}

/** The paging fields of a list request: at most 100 rows a page, `defaultSize` when the client sends none. */
export const pageFields = (defaultSize = 10, maxSize = 100) => ({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
});

/** A row id in a request: the digits of a bigint key, so a malformed id is refused before any query. */
export const RowId = z.string().regex(/^\d{1,18}$/);

export const PageQuery = z.object(pageFields(10, 1000));
export type PageQuery = z.infer<typeof PageQuery>;

import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates, type QueryLike } from '@tp/web-kit';

/** The sections whose pages share these pieces; each has `loadFailed`, `retry` and `empty` texts. */
export type Section = 'listing' | 'warehouse' | 'contract' | 'product' | 'supply';

/** Loading, failed (with retry) or empty, in one place; otherwise the page's content. `emptyText` replaces the section's own empty text. */
export function SectionLoaded({ section, query, empty, emptyText, children }: { section: Section; query: QueryLike; empty?: boolean | undefined; emptyText?: string | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <QueryStates query={query} empty={empty} texts={{ loadFailed: t(`${section}.loadFailed`), retry: t(`${section}.retry`), empty: emptyText ?? t(`${section}.empty`) }} testIdPrefix={section} skeletonRows={4}>
      {children}
    </QueryStates>
  );
}

/** A section page's card, its title the page heading. */
export function SectionCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      title={
        <h1 className="result-heading" data-testid="page-heading">
          {title}
        </h1>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

/** A server-paged table's paging: pages count from 0 on the wire and from 1 on screen. */
export const pagination = (page: number, size: number, total: number, onChange: (page: number) => void) => ({
  current: page + 1,
  pageSize: size,
  total,
  showSizeChanger: false,
  onChange: (next: number) => onChange(next - 1),
});

import type { ReactNode } from 'react';
import { Button, Card, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The sections whose pages share these pieces; each has `loadFailed`, `retry` and `empty` texts. */
export type Section = 'listing' | 'warehouse' | 'contract';

/** Loading, failed (with retry) or empty, in one place; otherwise the page's content. */
export function SectionLoaded({ section, query, empty, children }: { section: Section; query: QueryLike; empty?: boolean | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t(`${section}.loadFailed`)}
        extra={
          <Button onClick={() => void query.refetch()} data-testid={`${section}-retry`}>
            {t(`${section}.retry`)}
          </Button>
        }
      />
    );
  if (empty) return <Empty description={t(`${section}.empty`)} data-testid={`${section}-empty`} />;
  return <>{children}</>;
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

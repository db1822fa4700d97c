import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Loading, failed (with retry) or empty, in one place; otherwise the page's content. */
export function QueryState({ query, empty, children }: { query: QueryLike; empty?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('capital.loadFailed')}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="capital-retry">
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (empty) return <Empty description={t('capital.empty')} />;
  return <>{children}</>;
}

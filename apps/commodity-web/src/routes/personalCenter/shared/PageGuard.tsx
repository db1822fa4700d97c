import type { ReactNode } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PersonalPage } from '../layout/access';
import { usePersonalAccess } from './usePersonalAccess';

/**
 * Opens a personal-center page only for viewers whose rights allow it; a direct address to a
 * forbidden page shows "no access" (the server refuses its calls anyway).
 */
export function PageGuard({ page, children }: { page: PersonalPage; children: ReactNode }) {
  const { t } = useTranslation();
  const access = usePersonalAccess();
  if (access.isPending) return <Card><Skeleton active paragraph={{ rows: 4 }} /></Card>;
  if (access.isError) {
    return (
      <Card>
        <Result status="warning" title={t('enterprise.common.loadFailed')} extra={<Button onClick={access.retry}>{t('enterprise.common.retry')}</Button>} />
      </Card>
    );
  }
  if (!access.may(page)) {
    return (
      <Card>
        <Result status="403" title={t('enterprise.common.forbiddenTitle')} subTitle={t('enterprise.common.forbidden')} data-testid="forbidden" />
      </Card>
    );
  }
  return <>{children}</>;
}

/** The heading every page of the section shows (tests find pages by it). */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 className="result-heading" data-testid="page-heading">
      {children}
    </h1>
  );
}

/** Loading and failure of a page's main query, the same on every page. */
export function QueryState({ isPending, isError, retry, children }: { isPending: boolean; isError: boolean; retry: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  if (isError) return <Result status="warning" title={t('enterprise.common.loadFailed')} extra={<Button onClick={retry}>{t('enterprise.common.retry')}</Button>} />;
  if (isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  return <>{children}</>;
}

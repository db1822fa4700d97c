import type { ComponentType, ReactNode } from 'react';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '@tp/web-kit';
import type { PersonalPage } from '../layout/access';
import { usePersonalAccess } from './usePersonalAccess';

/**
 * Opens a personal-center page only for viewers whose rights allow it; a direct address to a
 * forbidden page shows "no access" (the server refuses its calls anyway).
 */
export function PageGuard({ page, children }: { page: PersonalPage; children: ReactNode }) {
  const { t } = useTranslation();
  const access = usePersonalAccess();
  if (access.isPending || access.isError) {
    return (
      <Card>
        <QueryStates {...PERSONAL_QUERY} query={{ isPending: access.isPending, isError: access.isError, refetch: access.retry }} skeletonRows={4}>
          {null}
        </QueryStates>
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

/** A personal-center page: its body, opened only behind the page's guard. */
export function guardedPage(page: PersonalPage, Body: ComponentType) {
  return function GuardedPage() {
    return (
      <PageGuard page={page}>
        <Body />
      </PageGuard>
    );
  };
}

/** The heading every page of the section shows (tests find pages by it). */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 className="result-heading" data-testid="page-heading">
      {children}
    </h1>
  );
}

/** How every personal-center page waits for its main query and fails. */
export const PERSONAL_QUERY = {
  keys: { loadFailed: 'enterprise.common.loadFailed', retry: 'enterprise.common.retry' },
  testIdPrefix: 'personal',
  skeletonRows: 5,
} as const;

import { Button, Card, Result, Skeleton } from 'antd';
import { Navigate, Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RightGate, useSession, useSessionStore } from '@tp/web-kit';
import { useFirmRights } from '../api/identity';
import { openPagesOf } from './pageRights';

/** What the route map puts in a center page's `handle`. */
export interface PageHandle {
  rights?: readonly string[];
  area?: string;
}

/** "No access", the same page the personal center shows for a page the rights do not open. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <Card>
      <Result status="403" title={t('enterprise.common.forbiddenTitle')} subTitle={t('enterprise.common.forbidden')} data-testid="forbidden" />
    </Card>
  );
}

/**
 * The firm's rights as the gates need them: those stored at login serve at once while they are
 * read again (a role may have changed since), so a page only waits when none are known.
 */
function useGateRights() {
  const rights = useFirmRights();
  const { hasRight } = useSession();
  const known = useSessionStore().snapshot().rights.length > 0 || rights.data !== undefined;
  return { has: hasRight, pending: !known && rights.isPending, failed: !known && rights.isError, retry: () => void rights.refetch() };
}

function GateLoading() {
  return (
    <Card>
      <Skeleton active paragraph={{ rows: 4 }} />
    </Card>
  );
}

function GateFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Result status="warning" title={t('enterprise.common.loadFailed')} extra={<Button onClick={retry}>{t('enterprise.common.retry')}</Button>} />
    </Card>
  );
}

/**
 * One gate for all pages of a center: the matched page opens only for the rights in its route's
 * `handle` (layout/pageRights.ts), so a page outside the firm's rights is never mounted and makes
 * no call the server would refuse.
 */
export function RightsGate() {
  const matches = useMatches();
  const anyOf = (matches.at(-1)?.handle as PageHandle | undefined)?.rights ?? [];
  const rights = useGateRights();
  return (
    <RightGate
      anyOf={anyOf}
      has={rights.has}
      pending={rights.pending}
      failed={rights.failed}
      loading={<GateLoading />}
      loadFailed={<GateFailed retry={rights.retry} />}
      forbidden={<NoAccess />}
    >
      <Outlet />
    </RightGate>
  );
}

/** A center's own address: its first page the rights open, or "no access" when there is none. */
export function AreaIndex() {
  const matches = useMatches();
  const area = (matches.at(-1)?.handle as PageHandle | undefined)?.area ?? '';
  const rights = useGateRights();
  if (rights.pending) return <GateLoading />;
  if (rights.failed) return <GateFailed retry={rights.retry} />;
  const first = openPagesOf(area, rights.has)[0];
  return first ? <Navigate replace to={first} /> : <NoAccess />;
}

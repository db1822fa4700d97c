import { Suspense, lazy, type ReactElement } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { Button } from 'antd';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { FullPageSpin } from '../ui/FullPageSpin';

/** A failed route when even its error page cannot be fetched: the network is gone, so offer a reload. */
function ReloadNotice() {
  const { t } = useKitTranslation();
  return (
    <div role="alert" style={{ padding: '48px 16px', textAlign: 'center' }}>
      <p>{t('loadFailed')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </div>
  );
}

export interface LazyRouteErrors {
  /** A route's errorElement: RouteErrorBoundary, fetched when a route fails. */
  errorElement: ReactElement;
  /** The `lazy` of the catch-all `*` route: NotFoundResult, fetched when an unknown address is opened. */
  notFound: LazyRouteFunction<RouteObject>;
}

/**
 * The routers' error pages, which draw antd's Result and its illustrations, fetched when they are
 * shown rather than with every first load.
 */
export function lazyRouteErrors(homePath: string): LazyRouteErrors {
  const RouteError = lazy(() =>
    import('./RouteErrorBoundary').then(
      ({ RouteErrorBoundary }) => ({ default: () => <RouteErrorBoundary homePath={homePath} /> }),
      () => ({ default: ReloadNotice }),
    ),
  );
  return {
    errorElement: (
      <Suspense fallback={<FullPageSpin />}>
        <RouteError />
      </Suspense>
    ),
    notFound: async () => {
      const { NotFoundResult } = await import('./RouteErrorBoundary');
      return { Component: () => <NotFoundResult homePath={homePath} /> };
    },
  };
}

import { Suspense, lazy } from 'react';
import { Button } from 'antd';
import { FullPageSpin, useKitTranslation } from '@tp/web-kit';

/** A failed route when even its error page cannot be fetched: the network is gone, so offer a reload. */
function ReloadNotice() {
  const { t } = useKitTranslation();
  return (
    <div className="route-reload" role="alert">
      <p>{t('loadFailed')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </div>
  );
}

// antd's Result and its illustrations come with the error page, fetched when a route fails.
const RouteError = lazy(() =>
  import('./RouteErrors').then(
    (m) => ({ default: m.RouteError }),
    () => ({ default: ReloadNotice }),
  ),
);

/** The routes' errorElement. */
export const routeErrorElement = (
  <Suspense fallback={<FullPageSpin />}>
    <RouteError />
  </Suspense>
);

import { Button, Result } from 'antd';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { useKitTranslation } from '../i18n/useKitTranslation';

/** "Page not found" with a way home; also the page of a catch-all `*` route. */
export function NotFoundResult({ homePath = '/' }: { homePath?: string }) {
  const navigate = useNavigate();
  const { t } = useKitTranslation();
  return (
    <Result
      status="404"
      title={t('notFound')}
      subTitle={t('notFoundHint')}
      extra={
        <Button type="primary" onClick={() => void navigate(homePath)}>
          {t('backHome')}
        </Button>
      }
    />
  );
}

/**
 * A route's errorElement: "not found" for unknown paths, otherwise "failed to load" with a
 * reload (a chunk that failed or timed out, or a page that threw).
 */
export function RouteErrorBoundary({ homePath = '/' }: { homePath?: string }) {
  const error = useRouteError();
  const { t } = useKitTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundResult homePath={homePath} />;
  return (
    <Result
      status="error"
      title={t('loadFailed')}
      subTitle={t('loadFailedHint')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      }
    />
  );
}

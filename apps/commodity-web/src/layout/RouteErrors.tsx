import { NotFoundResult, RouteErrorBoundary } from '@tp/web-kit';
import { paths } from '../paths';

/** "Failed to load" or "not found" for a route that threw, with the way home. */
export function RouteError() {
  return <RouteErrorBoundary homePath={paths.home} />;
}

/** An address the platform does not have. */
export function NotFoundPage() {
  return <NotFoundResult homePath={paths.home} />;
}

import { NotFoundResult, RouteErrorBoundary } from '@tp/web-kit';
import { paths } from '../paths';

/** "Failed to load" or "not found", for a route that threw; loaded only when one does. */
export function RouteError() {
  return <RouteErrorBoundary homePath={paths.home} />;
}

/** The page of an address the back office does not have. */
export function NotFoundPage() {
  return <NotFoundResult homePath={paths.home} />;
}

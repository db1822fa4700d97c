import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { SessionStore } from '../session/store';
import { DEFAULT_LOGIN_PATH, loginPathFor, stripBasename } from './redirect';

export interface LoginGuardOptions {
  basename?: string;
  loginPath?: string;
}

/**
 * A route loader that admits the route only when the session string and the firm id are both
 * stored; otherwise it redirects to login with the wanted address (path and query) as `redirect`.
 * Put it on the parent route of everything that needs login.
 */
export function createLoginGuard(session: Pick<SessionStore, 'isLoggedIn'>, options: LoginGuardOptions = {}) {
  const { basename = '/', loginPath = DEFAULT_LOGIN_PATH } = options;
  return ({ request }: LoaderFunctionArgs) => {
    if (session.isLoggedIn()) return null;
    const url = new URL(request.url);
    throw redirect(loginPathFor(stripBasename(url.pathname, basename) + url.search, loginPath));
  };
}

import { DEFAULT_LOGIN_PATH, loginPathFor } from './redirect';

const firstSegment = (pathname: string) => (pathname.split('/')[1] ?? '').toLowerCase();

/**
 * Where a header's "log in" goes: back to the current page afterwards, except from the app's own
 * sign-in pages (`authPaths`: log in, sign up, password reset…), which there is no point in coming
 * back to. Routes match case-insensitively and by their first segment, so `/Forget` and
 * `/register/<invitation>` count too.
 */
export function loginPathFrom(pathname: string, search: string, authPaths: readonly string[], loginPath = DEFAULT_LOGIN_PATH): string {
  return authPaths.map(firstSegment).includes(firstSegment(pathname)) ? loginPath : loginPathFor(pathname + search, loginPath);
}

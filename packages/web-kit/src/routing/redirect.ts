export const DEFAULT_LOGIN_PATH = '/login';
export const REDIRECT_PARAM = 'redirect';

const PROBE_ORIGIN = 'http://app.invalid';

/**
 * The app-relative path a `redirect` query may send the user to after login, or `fallback`.
 * Only same-origin absolute paths pass: no scheme, no protocol-relative `//host`, no backslashes
 * (browsers treat `/\host` as `//host`), no control characters, and never the login page itself.
 */
export function safeRedirect(raw: string | null | undefined, fallback: string, loginPath = DEFAULT_LOGIN_PATH): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === loginPath) return fallback;
  return url.pathname + url.search + url.hash;
}

/** The login page's address that comes back to `target` after login. */
export function loginPathFor(target: string, loginPath = DEFAULT_LOGIN_PATH): string {
  const safe = safeRedirect(target, '');
  return safe ? `${loginPath}?${REDIRECT_PARAM}=${encodeURIComponent(safe)}` : loginPath;
}

/** Normalises a router basename: leading slash, no trailing slash, '' for the root. */
export function normaliseBasename(basename: string): string {
  const trimmed = basename.replace(/\/+$/, '');
  if (!trimmed) return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** A browser pathname without the app's basename (`/exchange/login` → `/login`). */
export function stripBasename(pathname: string, basename: string): string {
  const base = normaliseBasename(basename);
  if (!base) return pathname || '/';
  if (pathname === base) return '/';
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
}

/** An app-relative path as a browser address under the app's basename. */
export function withBasename(path: string, basename: string): string {
  return `${normaliseBasename(basename)}${path}`;
}

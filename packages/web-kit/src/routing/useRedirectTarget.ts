import { useSearchParams } from 'react-router';
import { DEFAULT_LOGIN_PATH, REDIRECT_PARAM, safeRedirect } from './redirect';

/** Where to go after login: the sanitised `redirect` query, else `fallback`. */
export function useRedirectTarget(fallback: string, loginPath = DEFAULT_LOGIN_PATH): string {
  const [params] = useSearchParams();
  return safeRedirect(params.get(REDIRECT_PARAM), fallback, loginPath);
}

import { useSearchParams } from 'react-router';
import { REDIRECT_PARAM } from '@tp/web-kit';

/** The current `?redirect=` query, to pass along between the auth pages. */
export function useRedirectSearch(): string {
  const [params] = useSearchParams();
  const redirect = params.get(REDIRECT_PARAM);
  return redirect ? `?${REDIRECT_PARAM}=${encodeURIComponent(redirect)}` : '';
}

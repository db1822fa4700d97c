import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { currentLanguage } from '../i18n/createI18n';
import { createApiClient, type ApiClient, type ApiClientOptions } from './client';
import { createNotifier, type Notifier } from './notifier';
import { createQueryClient } from './queryClient';

/** What the API client uses of an app's data router. */
export interface AppRouter {
  navigate(to: string): unknown;
  state: { location: { pathname: string; search: string } };
}

export interface AppApiOptions {
  session: ApiClientOptions['session'];
  /** The app's i18n: every call sends the language the user reads. */
  i18n: I18n;
  /** The router's basename (`/admin`), when the app is not served at the root. */
  basename?: string;
  /** The app's router, read at the first redirect: the route map imports pages that import this client. */
  router: () => AppRouter;
}

export interface AppApi {
  notifier: Notifier;
  queryClient: QueryClient;
  api: ApiClient;
}

/**
 * An app's API client with its notifier and query cache. An invalid session opens the login page
 * inside the app, so the "session invalid" message stays on screen, and brings the user back to
 * the page they were on.
 */
export function createAppApi({ session, i18n, basename, router }: AppApiOptions): AppApi {
  const notifier = createNotifier();
  const queryClient = createQueryClient();
  const api = createApiClient({
    session,
    notify: notifier.notify,
    getLanguage: () => currentLanguage(i18n),
    ...(basename ? { basename: `${basename}/` } : {}),
    navigate: (to) => void router().navigate(to),
    currentPath: () => {
      const { pathname, search } = router().state.location;
      return pathname + search;
    },
  });
  return { notifier, queryClient, api };
}

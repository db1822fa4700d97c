import { createApiClient, createNotifier, createQueryClient, currentLanguage } from '@tp/web-kit';
import { i18n } from '../i18n';
import { BASENAME } from '../paths';
import { router } from '../router';
import { session } from '../session';

export const notifier = createNotifier();
export const queryClient = createQueryClient();

export const api = createApiClient({
  session,
  notify: notifier.notify,
  getLanguage: () => currentLanguage(i18n),
  basename: `${BASENAME}/`,
  navigate: (to) => void router.navigate(to),
  currentPath: () => router.state.location.pathname + router.state.location.search,
});

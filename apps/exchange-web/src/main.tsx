import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { LeanAppProviders, i18nReady, identityKeys } from '@tp/web-kit';
import { notifier, queryClient } from './api/client';
import { i18n } from './i18n';
import { router } from './router';
import { onSessionFromOtherTab, session } from './session';
import { theme } from './theme';

// The first paint reads in the user's language: wait for its texts, which load on demand.
await i18nReady(i18n);

// Another tab logged out (or in as someone else): forget this tab's user data and re-check the
// page's login guard, so every tab of the exchange is in the same state.
onSessionFromOtherTab(() => {
  queryClient.removeQueries({ queryKey: identityKeys.user() });
  void router.revalidate();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LeanAppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier} theme={theme}>
      <RouterProvider router={router} />
    </LeanAppProviders>
  </StrictMode>,
);

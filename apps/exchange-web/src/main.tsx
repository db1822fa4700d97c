import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { LeanAppProviders, i18nReady } from '@tp/web-kit';
import { notifier, queryClient } from './api/client';
import { i18n } from './i18n';
import { router } from './router';
import { session } from './session';
import { theme } from './theme';

// The first paint reads in the user's language: wait for its texts, which load on demand.
await i18nReady(i18n);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LeanAppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier} theme={theme}>
      <RouterProvider router={router} />
    </LeanAppProviders>
  </StrictMode>,
);

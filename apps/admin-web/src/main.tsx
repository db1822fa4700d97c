import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@tp/web-kit';
import { notifier, queryClient } from './api/client';
import { i18n } from './i18n';
import { router } from './router';
import { session } from './session';
import { theme } from './theme';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier} theme={theme}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@tp/web-kit';
import { notifier, queryClient } from './api/client';
import { UpgradeGate } from './app/UpgradeGate';
import { i18n } from './i18n';
import { session } from './session';
import { theme } from './theme';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier} theme={theme}>
      <UpgradeGate />
    </AppProviders>
  </StrictMode>,
);

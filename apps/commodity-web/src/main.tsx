import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LeanAppProviders, i18nReady } from '@tp/web-kit';
import { notifier, queryClient } from './api/client';
import { UpgradeGate } from './app/UpgradeGate';
import { DesktopUpdateMount } from './desktop/DesktopUpdateMount';
import { i18n } from './i18n';
import { session } from './session';
import { theme } from './theme';

// The first paint reads in the user's language: wait for its texts, which load on demand.
await i18nReady(i18n);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The landing page shows no message or dialog: their code comes with the first one shown. */}
    <LeanAppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier} theme={theme}>
      <UpgradeGate />
      <DesktopUpdateMount />
    </LeanAppProviders>
  </StrictMode>,
);

import { useContext, useEffect, type ComponentType, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import { AntAppContext as AppContext } from './appContext';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Language } from '@tp/contract';
import type { Notifier } from '../api/notifier';
import { currentLanguage } from '../i18n/createI18n';
import { SessionProvider } from '../session/SessionProvider';
import type { SessionStore } from '../session/store';
import { OnDemandApp } from './OnDemandApp';

const ANTD_LOCALES: Record<Language, NonNullable<ConfigProviderProps['locale']>> = { cn: zhCN, tw: zhTW, en: enUS };

export interface AppProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  session: SessionStore;
  notifier: Notifier;
  theme?: ThemeConfig;
  children: ReactNode;
}

function MessageBridge({ notifier }: { notifier: Notifier }) {
  // antd's App.useApp(), read without importing App (and its dialogs) where OnDemandApp provides it.
  const { message } = useContext(AppContext);
  useEffect(() => notifier.attach(message), [notifier, message]);
  return null;
}

function LocalisedAntd({ theme, children }: { theme?: ThemeConfig; children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    // No auto space inside two-character Chinese buttons ("登 录"): labels read as written.
    <ConfigProvider locale={ANTD_LOCALES[currentLanguage(i18n)]} theme={theme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}

type FeedbackApp = ComponentType<{ children: ReactNode }>;

function Providers({ app: FeedbackApp, i18n, queryClient, session, notifier, theme, children }: AppProvidersProps & { app: FeedbackApp }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedAntd theme={theme}>
        <FeedbackApp>
          <MessageBridge notifier={notifier} />
          <QueryClientProvider client={queryClient}>
            <SessionProvider store={session}>{children}</SessionProvider>
          </QueryClientProvider>
        </FeedbackApp>
      </LocalisedAntd>
    </I18nextProvider>
  );
}

/**
 * Everything a page expects above it: translations, antd in the matching locale with its App
 * (message API, connected to the notifier the API client uses), TanStack Query and the session.
 */
export function AppProviders(props: AppProvidersProps) {
  return <Providers app={AntApp} {...props} />;
}

/**
 * AppProviders for an app whose landing page shows no message, notification or dialog: the same
 * `App.useApp()` API, whose code is fetched on its first use (OnDemandApp) instead of with the app.
 */
export function LeanAppProviders(props: AppProvidersProps) {
  return <Providers app={OnDemandApp} {...props} />;
}

// API
export {
  ApiError,
  CLIENT_ERROR_CODE,
  ERROR_NOTICE_SECONDS,
  NETWORK_NOTICE_SECONDS,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRY_DELAY_MS,
  createApiClient,
  isApiError,
} from './api/client';
export type { ApiClient, ApiClientOptions, FieldError, Notice, Parser, QueryValue, RequestBody, RequestOptions } from './api/client';
export { createNotifier } from './api/notifier';
export type { MessageApi, Notifier } from './api/notifier';
export { createQueryClient } from './api/queryClient';
export { createAppApi } from './api/appApi';
export type { AppApi, AppApiOptions, AppRouter } from './api/appApi';
export { createIdentityApi, identityKeys } from './api/identity';
export type { IdentityApi, IdentityApiDeps } from './api/identity';

// Session
export { SESSION_FIELDS, createSessionStore } from './session/store';
export type { Session, SessionSnapshot, SessionStore, SessionStoreOptions } from './session/store';
export { SessionProvider, useSession, useSessionStore } from './session/SessionProvider';
export type { SessionState } from './session/SessionProvider';

// Routing
export {
  DEFAULT_LOGIN_PATH,
  REDIRECT_PARAM,
  loginPathFor,
  normaliseBasename,
  safeRedirect,
  stripBasename,
  withBasename,
} from './routing/redirect';
export { loginPathFrom } from './routing/authPages';
export { createLoginGuard } from './routing/guard';
export type { LoginGuardOptions } from './routing/guard';
export { RightGate, mayOpen } from './routing/RightGate';
export type { RightGateProps } from './routing/RightGate';
export { useRedirectTarget } from './routing/useRedirectTarget';
export { settleRouter } from './routing/settleRouter';
export { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyPage, withChunkTimeout } from './routing/lazyPage';
export { NotFoundResult, RouteErrorBoundary } from './routing/RouteErrorBoundary';
export { lazyRouteErrors } from './routing/lazyRouteErrors';
export type { LazyRouteErrors } from './routing/lazyRouteErrors';

// i18n
export {
  LANGUAGE_NAMES,
  LANGUAGE_STORAGE_KEY,
  acceptLanguage,
  detectLanguage,
  htmlLang,
  isLanguage,
  languageOfTag,
} from './i18n/languages';
export { chooseLanguage, createI18n, currentLanguage, i18nReady } from './i18n/createI18n';
export type { AppTranslations, CreateI18nOptions, LanguageTexts } from './i18n/createI18n';
export { KIT_NAMESPACE, kitMessages } from './i18n/messages';
export type { KitMessages } from './i18n/messages';
export { mergeTexts } from './i18n/tradeTexts';
export type { TradeMessages } from './i18n/tradeTexts';
// One module per language, so an app's language chunk takes only its own (see the apps' i18n/<language>/index.ts).
export { default as tradeCn } from './i18n/trade/cn.json';
export { default as tradeEn } from './i18n/trade/en.json';
export { default as tradeTw } from './i18n/trade/tw.json';
export { useKitTranslation } from './i18n/useKitTranslation';
export { NO_GAPS, flattenMessages, translationGaps } from './i18n/parity';
export type { TranslationGaps } from './i18n/parity';
export { LanguageSwitcher } from './i18n/LanguageSwitcher';
export type { LanguageSwitcherProps } from './i18n/LanguageSwitcher';

// UI
export { AppProviders, LeanAppProviders } from './ui/AppProviders';
export type { AppProvidersProps } from './ui/AppProviders';
export { FullPageSpin } from './ui/FullPageSpin';
export { useDismiss } from './ui/useDismiss';
export { maskMobile } from './ui/format';
export { LOGOUT_KEY, accountMenuItems, useAccountMenuClick } from './ui/accountMenu';
export type { AccountMenuActions } from './ui/accountMenu';
export { NO_VALUE, formatMoney, formatPrice, formatQuantity } from './format/money';
export { ContractFilters, PdfPreview, SignatureDetails, VerificationResult, useContractChecks } from './ui/ContractViews';
export { QueryStates } from './ui/QueryStates';
export { isShownFailure, runAction, useApp } from './ui/actions';
export type { QueryLike, QueryStateTexts, QueryStatesProps } from './ui/QueryStates';
export { BlobImage } from './ui/BlobImage';
export type { BlobLoader } from './ui/BlobImage';
export { IMAGE_PICKER_ACCEPT, ImagePicker } from './ui/ImagePicker';
export type { ImagePickerProps } from './ui/ImagePicker';
export type { ContractChecksApi, ContractFilterValues } from './ui/ContractViews';

// Auth forms
export { useFormRules } from './auth/rules';
export { applyFieldErrors } from './auth/fieldErrors';
export { useCaptcha } from './auth/useCaptcha';
export type { CaptchaLoader, CaptchaState } from './auth/useCaptcha';
export { useCaptchaStep } from './auth/useCaptchaStep';
export type { CaptchaStep } from './auth/useCaptchaStep';
export { CaptchaField } from './auth/CaptchaField';
export { CODE_RESEND_SECONDS, SendCodeButton } from './auth/SendCodeButton';
export type { CaptchaAnswer, SendCodeButtonProps } from './auth/SendCodeButton';
export { useSecondFactorRules, useSecondFactorStep } from './auth/SecondFactorStep';
export type { SecondFactorStep } from './auth/SecondFactorStep';
export { useSecondFactorAsk } from './auth/SecondFactorAsk';
export type { SecondFactorAsk } from './auth/SecondFactorAsk';
export { PasswordLoginForm } from './auth/PasswordLoginForm';
export type { PasswordLoginFormProps, PasswordLoginValues } from './auth/PasswordLoginForm';
export { CodeLoginForm } from './auth/CodeLoginForm';
export type { CodeLoginFormProps, CodeLoginValues } from './auth/CodeLoginForm';
export { ResetPasswordForm } from './auth/ResetPasswordForm';
export type { ResetPasswordFormProps, ResetPasswordValues } from './auth/ResetPasswordForm';
export { AuthCard } from './auth/pages/AuthCard';
export type { AuthCardClasses } from './auth/pages/AuthCard';
export { AuthLoginPage } from './auth/pages/AuthLoginPage';
export { AuthRegisterPage } from './auth/pages/AuthRegisterPage';
export type { AuthRegisterOptions, RegisterWay } from './auth/pages/AuthRegisterPage';
export { AuthForgetPage } from './auth/pages/AuthForgetPage';
export type { AuthPagesSetup } from './auth/pages/setup';

// Live updates
export { useLiveTopic, useLiveTopics } from './live/useLiveTopic';

// Test fixtures and suites the apps' tests share (Vitest is passed in, never imported here)
export { sessionInfoFor } from './testing/sessionInfo';
export { apiReply } from './testing/apiReply';
export { describeRouteMap, describeTranslations } from './testing/appSuites';
export type { RouteMapApp, RouteMapPaths, SuiteApi } from './testing/appSuites';

// Market charts (K-line, time-sharing), lightweight-charts: import them only from lazily loaded pages.
export { CHART_DOWN, CHART_HEIGHT, CHART_UP, MOVING_AVERAGES, CandleChart, TimeSharingChart, chartOptions, useChart } from './charts/MarketCharts';
export type { CandleChartProps, TimeSharingChartProps } from './charts/MarketCharts';
export { movingAverage } from './charts/movingAverage';

// Customer-service chat: the launcher is light; the window loads where it opens, not with a landing page.
export { ChatLauncher } from './chat/ChatLauncher';
export type { ChatLauncherProps, ChatWidgetProps } from './chat/ChatLauncher';
export { ChatPanel, ChatWindow } from './chat/ChatPanel';
export type { ChatPanelProps } from './chat/ChatPanel';

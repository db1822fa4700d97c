import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin, createLoginGuard, lazyPage, lazyRouteErrors } from '@tp/web-kit';
import { LEGAL_KINDS } from '@tp/contract';
import { BASENAME, paths } from './paths';
import { session } from './session';

const requireLogin = createLoginGuard(session, { basename: `${BASENAME}/` });

// The error pages come when a route fails, not with the first load.
const routeErrors = lazyRouteErrors(paths.home);
const routeError = routeErrors.errorElement;

/** The one route map: every page is its own lazily loaded module under src/routes/<area>/. */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: lazyPage(() => import('./layout/Shell'), 'Shell'),
    hydrateFallbackElement: <FullPageSpin />,
    errorElement: routeError,
    children: [
      {
        // Pages fail inside the shell, so the header stays usable.
        errorElement: routeError,
        children: [
          { index: true, lazy: lazyPage(() => import('./routes/home/HomePage'), 'HomePage') },
          { path: 'login', lazy: lazyPage(() => import('./routes/auth/login/LoginPage'), 'LoginPage') },
          { path: 'register/:id?', lazy: lazyPage(() => import('./routes/auth/register/RegisterPage'), 'RegisterPage') },
          { path: 'forget', lazy: lazyPage(() => import('./routes/auth/forget/ForgetPage'), 'ForgetPage') },
          { path: 'trade/:symbol?', lazy: lazyPage(() => import('./routes/trade/TradePage'), 'TradePage') },
          { path: 'user', loader: requireLogin, lazy: lazyPage(() => import('./routes/user/index/UserPage'), 'UserPage') },
          { path: 'user/verification', loader: requireLogin, lazy: lazyPage(() => import('./routes/user/verification/VerificationPage'), 'VerificationPage') },
          { path: 'user/security', loader: requireLogin, lazy: lazyPage(() => import('./routes/user/security/SecurityPage'), 'SecurityPage') },
          { path: 'user/api-keys', loader: requireLogin, lazy: lazyPage(() => import('./routes/user/apiKeys/ApiKeysPage'), 'ApiKeysPage') },
          { path: 'user/invite', loader: requireLogin, lazy: lazyPage(() => import('./routes/user/invite/InvitePage'), 'InvitePage') },
          { path: 'assets', loader: requireLogin, lazy: lazyPage(() => import('./routes/assets/index/AssetsPage'), 'AssetsPage') },
          { path: 'assets/deposit', loader: requireLogin, lazy: lazyPage(() => import('./routes/wallet/deposit/DepositPage'), 'DepositPage') },
          { path: 'assets/withdraw', loader: requireLogin, lazy: lazyPage(() => import('./routes/wallet/withdraw/WithdrawPage'), 'WithdrawPage') },
          { path: 'assets/records', loader: requireLogin, lazy: lazyPage(() => import('./routes/wallet/records/RecordsPage'), 'RecordsPage') },
          { path: 'assets/addresses', loader: requireLogin, lazy: lazyPage(() => import('./routes/wallet/addresses/AddressBookPage'), 'AddressBookPage') },
          { path: 'assets/flow', loader: requireLogin, lazy: lazyPage(() => import('./routes/assets/flow/FlowPage'), 'FlowPage') },
          { path: 'fiat', lazy: lazyPage(() => import('./routes/fiat/market/MarketPage'), 'MarketPage') },
          { path: 'fiat/orders', loader: requireLogin, lazy: lazyPage(() => import('./routes/fiat/orders/OrdersPage'), 'OrdersPage') },
          { path: 'fiat/orders/:orderId', loader: requireLogin, lazy: lazyPage(() => import('./routes/fiat/order/OrderPage'), 'OrderPage') },
          { path: 'fiat/ads', loader: requireLogin, lazy: lazyPage(() => import('./routes/fiat/ads/MyAdsPage'), 'MyAdsPage') },
          { path: 'fiat/ads/post', loader: requireLogin, lazy: lazyPage(() => import('./routes/fiat/ads/PostAdPage'), 'PostAdPage') },
          { path: 'fiat/settings', loader: requireLogin, lazy: lazyPage(() => import('./routes/fiat/settings/SettingsPage'), 'SettingsPage') },
          { path: 'fiat/merchant', loader: requireLogin, lazy: lazyPage(() => import('./routes/fiat/merchant/MerchantPage'), 'MerchantPage') },
          { path: 'notice', lazy: lazyPage(() => import('./routes/notice/NoticeListPage'), 'NoticeListPage') },
          { path: 'notice/:id', lazy: lazyPage(() => import('./routes/notice/NoticeDetailPage'), 'NoticeDetailPage') },
          { path: 'help', lazy: lazyPage(() => import('./routes/help/HelpPage'), 'HelpPage') },
          { path: 'about', lazy: lazyPage(() => import('./routes/content/InfoPages'), 'AboutPage') },
          { path: 'contact', lazy: lazyPage(() => import('./routes/content/InfoPages'), 'ContactPage') },
          { path: 'fees', lazy: lazyPage(() => import('./routes/content/FeesPage'), 'FeesPage') },
          { path: 'download', lazy: lazyPage(() => import('./routes/content/DownloadPage'), 'DownloadPage') },
          { path: 'presale', lazy: lazyPage(() => import('./routes/presale/PresaleListPage'), 'PresaleListPage') },
          { path: 'presale/records', loader: requireLogin, lazy: lazyPage(() => import('./routes/presale/PresaleRecordsPage'), 'PresaleRecordsPage') },
          { path: 'presale/:id', lazy: lazyPage(() => import('./routes/presale/PresaleProjectPage'), 'PresaleProjectPage') },
          { path: 'lockup', lazy: lazyPage(() => import('./routes/lockup/LockupPage'), 'LockupPage') },
          { path: 'futures/:code?', lazy: lazyPage(() => import('./routes/futures/FuturesPage'), 'FuturesPage') },
          ...LEGAL_KINDS.map((kind) => ({ path: kind, lazy: lazyPage(() => import('./routes/legal/LegalPage'), 'LegalPage') })),
          { path: '*', lazy: routeErrors.notFound },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASENAME });

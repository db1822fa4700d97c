import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin, NotFoundResult, RouteErrorBoundary, createLoginGuard, lazyPage } from '@tp/web-kit';
import { BASENAME, paths } from './paths';
import { session } from './session';

const requireLogin = createLoginGuard(session, { basename: `${BASENAME}/` });

/** The one route map: every page is its own lazily loaded module under src/routes/<area>/. */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: lazyPage(() => import('./layout/Shell'), 'Shell'),
    hydrateFallbackElement: <FullPageSpin />,
    errorElement: <RouteErrorBoundary homePath={paths.home} />,
    children: [
      {
        // Pages fail inside the shell, so the header stays usable.
        errorElement: <RouteErrorBoundary homePath={paths.home} />,
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
          { path: 'assets/flow', loader: requireLogin, lazy: lazyPage(() => import('./routes/assets/flow/FlowPage'), 'FlowPage') },
          { path: '*', element: <NotFoundResult homePath={paths.home} /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASENAME });

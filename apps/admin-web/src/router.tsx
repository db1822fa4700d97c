import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin, createLoginGuard, lazyPage, lazyRouteErrors } from '@tp/web-kit';
import { BASENAME, paths } from './paths';
import { session } from './session';

const requireStaff = createLoginGuard(session, { basename: `${BASENAME}/` });

// The error pages come when a route fails, not with the first load.
const routeErrors = lazyRouteErrors(paths.home);
const routeError = routeErrors.errorElement;

/** The one route map: the login page stands alone; everything else needs a staff session. */
export const routes: RouteObject[] = [
  {
    path: '/',
    hydrateFallbackElement: <FullPageSpin />,
    errorElement: routeError,
    children: [
      { path: 'login', lazy: lazyPage(() => import('./routes/login/LoginPage'), 'LoginPage') },
      {
        loader: requireStaff,
        lazy: lazyPage(() => import('./layout/AdminLayout'), 'AdminLayout'),
        children: [
          {
            errorElement: routeError,
            children: [
              { index: true, element: <Navigate replace to={paths.home} /> },
              { path: 'users', lazy: lazyPage(() => import('./routes/users/UsersPage'), 'UsersPage') },
              { path: 'firms', lazy: lazyPage(() => import('./routes/firms/FirmsPage'), 'FirmsPage') },
              { path: 'outbox', lazy: lazyPage(() => import('./routes/outbox/OutboxPage'), 'OutboxPage') },
              { path: 'verification', lazy: lazyPage(() => import('./routes/verification/SeniorReviewPage'), 'SeniorReviewPage') },
              { path: 'certification/member', lazy: lazyPage(() => import('./routes/certification/CertificationReviewPage'), 'MemberReviewPage') },
              { path: 'certification/risk', lazy: lazyPage(() => import('./routes/certification/CertificationReviewPage'), 'RiskReviewPage') },
              { path: 'withdrawals', lazy: lazyPage(() => import('./routes/wallet/withdrawals/WithdrawalsPage'), 'WithdrawalsPage') },
              { path: 'refills', lazy: lazyPage(() => import('./routes/wallet/refills/RefillsPage'), 'RefillsPage') },
              { path: 'chain', lazy: lazyPage(() => import('./routes/wallet/chain/ChainPage'), 'ChainPage') },
              { path: 'bank', lazy: lazyPage(() => import('./routes/bank/BankPage'), 'BankPage') },
              { path: 'mobilepay', lazy: lazyPage(() => import('./routes/mobilepay/MobilePayAdminPage'), 'MobilePayAdminPage') },
              { path: 'warehouse', lazy: lazyPage(() => import('./routes/warehouse/WarehousePage'), 'WarehousePage') },
              { path: 'supply', lazy: lazyPage(() => import('./routes/supply/SupplyReviewPage'), 'SupplyReviewPage') },
              { path: 'product', lazy: lazyPage(() => import('./routes/product/ProductReviewPage'), 'ProductReviewPage') },
              { path: 'mall', lazy: lazyPage(() => import('./routes/mall/MallAdminPage'), 'MallAdminPage') },
              { path: 'listing', lazy: lazyPage(() => import('./routes/listing/ListingAdminPage'), 'ListingAdminPage') },
              { path: 'auction', lazy: lazyPage(() => import('./routes/auction/AuctionAdminPage'), 'AuctionAdminPage') },
              { path: 'contract', lazy: lazyPage(() => import('./routes/contract/ContractRegistryPage'), 'ContractRegistryPage') },
              { path: 'system', lazy: lazyPage(() => import('./routes/system/SystemPage'), 'SystemPage') },
              { path: 'staff/roles', lazy: lazyPage(() => import('./routes/staff/roles/StaffRolesPage'), 'StaffRolesPage') },
              { path: 'staff/members', lazy: lazyPage(() => import('./routes/staff/members/StaffMembersPage'), 'StaffMembersPage') },
              { path: 'audit', lazy: lazyPage(() => import('./routes/audit/AuditLogPage'), 'AuditLogPage') },
              { path: 'content', lazy: lazyPage(() => import('./routes/content/ExchangeContentPage'), 'ExchangeContentPage') },
              { path: 'presale', lazy: lazyPage(() => import('./routes/presale/PresaleProjectsPage'), 'PresaleProjectsPage') },
              { path: 'futures', lazy: lazyPage(() => import('./routes/futures/FuturesAdminPage'), 'FuturesAdminPage') },
              { path: 'otc', lazy: lazyPage(() => import('./routes/otc/OtcPage'), 'OtcPage') },
              { path: 'pledge', lazy: lazyPage(() => import('./routes/pledge/PledgeAdminPage'), 'PledgeAdminPage') },
              { path: 'chat', lazy: lazyPage(() => import('./routes/chat/ChatConsolePage'), 'ChatConsolePage') },
              { path: 'aftersale', lazy: lazyPage(() => import('./routes/aftersale/AfterSaleAdminPage'), 'AfterSaleAdminPage') },
              { path: 'downloads', lazy: lazyPage(() => import('./routes/download/DownloadsPage'), 'DownloadsPage') },
              { path: 'integral', lazy: lazyPage(() => import('./routes/integral/IntegralAdminPage'), 'IntegralAdminPage') },
              { path: '*', lazy: routeErrors.notFound },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASENAME });

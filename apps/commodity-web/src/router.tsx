import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin, NotFoundResult, RouteErrorBoundary, createLoginGuard, lazyPage } from '@tp/web-kit';
import { paths } from './paths';
import { session } from './session';

const requireLogin = createLoginGuard(session);
// Loaded on demand: the guard reads the switches through the API client, which needs the router.
const bankFunctionGuard = () => import('./routes/capitalCenter/bankGuard').then((m) => m.requireBankFunction());

/** The one route map: every page is its own lazily loaded module under src/routes/<area>/<page>/. */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: lazyPage(() => import('./layout/Shell'), 'Shell'),
    hydrateFallbackElement: <FullPageSpin />,
    errorElement: <RouteErrorBoundary homePath={paths.home} />,
    children: [
      {
        // Pages fail inside the shell, so header and footer stay usable.
        errorElement: <RouteErrorBoundary homePath={paths.home} />,
        children: [
          { index: true, element: <Navigate replace to={paths.home} /> },
          { path: 'index', lazy: lazyPage(() => import('./routes/home/index/HomePage'), 'HomePage') },
          { path: 'login', lazy: lazyPage(() => import('./routes/auth/login/LoginPage'), 'LoginPage') },
          { path: 'QRCodeLogin', lazy: lazyPage(() => import('./routes/auth/qrCodeLogin/QrCodeLoginPage'), 'QrCodeLoginPage') },
          { path: 'register/:id?', lazy: lazyPage(() => import('./routes/auth/register/RegisterPage'), 'RegisterPage') },
          { path: 'Forget', lazy: lazyPage(() => import('./routes/auth/forget/ForgetPage'), 'ForgetPage') },
          { path: 'systemUpgrade', lazy: lazyPage(() => import('./routes/system/systemUpgrade/SystemUpgradeRoute'), 'SystemUpgradeRoute') },
          { path: 'loadPage', lazy: lazyPage(() => import('./routes/system/loadPage/LoadPage'), 'LoadPage') },
          {
            path: 'personalCenter',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/personalCenter/layout/PersonalCenterLayout'), 'PersonalCenterLayout'),
            children: [
              { index: true, element: <Navigate replace to={paths.accountInfo} /> },
              { path: 'accountInfo', lazy: lazyPage(() => import('./routes/personalCenter/accountInfo/AccountInfoPage'), 'AccountInfoPage') },
              { path: 'accountSafe', lazy: lazyPage(() => import('./routes/personalCenter/accountSafe/AccountSafePage'), 'AccountSafePage') },
              { path: 'enterprise', lazy: lazyPage(() => import('./routes/personalCenter/enterprise/EnterprisePage'), 'EnterprisePage') },
              { path: 'enterpriseAuth', lazy: lazyPage(() => import('./routes/personalCenter/enterpriseAuth/EnterpriseAuthPage'), 'EnterpriseAuthPage') },
              { path: 'myAddress', lazy: lazyPage(() => import('./routes/personalCenter/myAddress/MyAddressPage'), 'MyAddressPage') },
              { path: 'CompanyManagement', lazy: lazyPage(() => import('./routes/personalCenter/companyManagement/CompanyManagementPage'), 'CompanyManagementPage') },
              { path: 'electronicSignature', lazy: lazyPage(() => import('./routes/personalCenter/electronicSignature/ElectronicSignaturePage'), 'ElectronicSignaturePage') },
              { path: 'staffAccountMgt', lazy: lazyPage(() => import('./routes/personalCenter/staffAccountMgt/StaffAccountPage'), 'StaffAccountPage') },
              { path: 'staffRoleMgt', lazy: lazyPage(() => import('./routes/personalCenter/staffRoleMgt/StaffRolePage'), 'StaffRolePage') },
              { path: 'createDocumentICBC', loader: bankFunctionGuard, lazy: lazyPage(() => import('./routes/personalCenter/createDocumentICBC/CreateDocumentIcbcPage'), 'CreateDocumentIcbcPage') },
            ],
          },
          {
            path: 'capitalCenter',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/capitalCenter/layout/CapitalCenterLayout'), 'CapitalCenterLayout'),
            children: [
              { index: true, element: <Navigate replace to={paths.capitalInfo} /> },
              { path: 'info', lazy: lazyPage(() => import('./routes/capitalCenter/info/InfoPage'), 'InfoPage') },
              { path: 'info-icbc', loader: bankFunctionGuard, lazy: lazyPage(() => import('./routes/capitalCenter/infoIcbc/InfoIcbcPage'), 'InfoIcbcPage') },
              { path: 'deposit', lazy: lazyPage(() => import('./routes/capitalCenter/deposit/DepositPage'), 'DepositPage') },
              { path: 'withdraw', lazy: lazyPage(() => import('./routes/capitalCenter/withdraw/WithdrawPage'), 'WithdrawPage') },
              { path: 'sign', lazy: lazyPage(() => import('./routes/capitalCenter/sign/SignPage'), 'SignPage') },
              { path: 'signList', lazy: lazyPage(() => import('./routes/capitalCenter/signList/SignListPage'), 'SignListPage') },
              { path: 'signListICBC', loader: bankFunctionGuard, lazy: lazyPage(() => import('./routes/capitalCenter/signListIcbc/SignListIcbcPage'), 'SignListIcbcPage') },
              { path: 'unsign', lazy: lazyPage(() => import('./routes/capitalCenter/unsign/UnsignPage'), 'UnsignPage') },
              { path: 'bankListCapital', lazy: lazyPage(() => import('./routes/capitalCenter/bankListCapital/BankListPage'), 'BankListPage') },
              { path: 'setPwd', lazy: lazyPage(() => import('./routes/capitalCenter/setPwd/SetPwdPage'), 'SetPwdPage') },
              { path: 'modifyPwd', lazy: lazyPage(() => import('./routes/capitalCenter/modifyPwd/ModifyPwdPage'), 'ModifyPwdPage') },
              { path: 'forgetPwd', lazy: lazyPage(() => import('./routes/capitalCenter/forgetPwd/ForgetPwdPage'), 'ForgetPwdPage') },
            ],
          },
          {
            path: 'sellerCenter',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/warehouse/CenterLayout'), 'SellerCenterLayout'),
            children: [
              { index: true, element: <Navigate replace to={paths.warehousingApply} /> },
              { path: 'resource/warehousingApply', lazy: lazyPage(() => import('./routes/warehouse/WarehousingApplyPage'), 'WarehousingApplyPage') },
              { path: 'resource/qualityInspectionReport', lazy: lazyPage(() => import('./routes/warehouse/InspectionReportPage'), 'InspectionReportPage') },
              { path: 'sales/qualityInspectionReport', lazy: lazyPage(() => import('./routes/warehouse/InspectionReportPage'), 'InspectionReportPage') },
              { path: 'sales/depositOrder', lazy: lazyPage(() => import('./routes/warehouse/WarehousingApplyPage'), 'DepositOrderPage') },
              { path: 'sales/warehouseOrder', lazy: lazyPage(() => import('./routes/warehouse/ReceiptsPage'), 'WarehouseOrderPage') },
              { path: 'resource/spotResource', lazy: lazyPage(() => import('./routes/listing/MyListingsPage'), 'MyListingsPage') },
              { path: 'sales/companyWarehouse', lazy: lazyPage(() => import('./routes/warehouse/ReceiptsPage'), 'CompanyWarehousePage') },
              { path: 'logistics/selfBill', lazy: lazyPage(() => import('./routes/warehouse/PickupBillsPage'), 'SelfBillPage') },
              { path: 'logistics/logisticsBill', lazy: lazyPage(() => import('./routes/warehouse/PickupBillsPage'), 'LogisticsBillPage') },
            ],
          },
          {
            path: 'buyerCenter',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/warehouse/CenterLayout'), 'BuyerCenterLayout'),
            children: [
              { path: 'logistics/pickupGoods', lazy: lazyPage(() => import('./routes/warehouse/HoldingsPage'), 'PickupGoodsPage') },
              { path: 'purchase/spotOrder', lazy: lazyPage(() => import('./routes/listing/MyPicksPage'), 'MyPicksPage') },
              { path: 'logistics/selfBill', lazy: lazyPage(() => import('./routes/warehouse/PickupBillsPage'), 'SelfBillPage') },
              { path: 'logistics/logisticsBill', lazy: lazyPage(() => import('./routes/warehouse/PickupBillsPage'), 'LogisticsBillPage') },
            ],
          },
          {
            path: 'matching',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/warehouse/CenterLayout'), 'MatchingLayout'),
            children: [
              { path: 'holdProduct', lazy: lazyPage(() => import('./routes/warehouse/HoldingsPage'), 'HoldProductPage') },
              { path: 'pickGoods', lazy: lazyPage(() => import('./routes/warehouse/HoldingsPage'), 'PickGoodsPage') },
              { path: 'pickGoodsList', lazy: lazyPage(() => import('./routes/warehouse/PickupBillsPage'), 'PickGoodsListPage') },
            ],
          },
          { path: 'ResourceDocuments/ResourceDocuments/:commodity?', lazy: lazyPage(() => import('./routes/listing/MarketPage'), 'MarketPage') },
          { path: 'supplyDemandInfo', lazy: lazyPage(() => import('./routes/supply/SupplyBoardPage'), 'SupplyBoardPage') },
          { path: 'supplyDemandInfo/details/:id?', lazy: lazyPage(() => import('./routes/supply/SupplyDetailPage'), 'SupplyDetailPage') },
          { path: 'supplyDemandInfo/mine', loader: requireLogin, lazy: lazyPage(() => import('./routes/supply/MySupplyPage'), 'MySupplyPage') },
          { path: 'news', lazy: lazyPage(() => import('./routes/content/ContentListPage'), 'NewsListPage') },
          { path: 'news/newsList/newsDetails/:id', lazy: lazyPage(() => import('./routes/content/ContentDetailPage'), 'ContentItemPage') },
          { path: 'notice', lazy: lazyPage(() => import('./routes/content/ContentListPage'), 'NoticeListPage') },
          { path: 'notice/noticeDetails/:id', lazy: lazyPage(() => import('./routes/content/ContentDetailPage'), 'ContentItemPage') },
          { path: 'helpCenter', lazy: lazyPage(() => import('./routes/content/ContentListPage'), 'HelpListPage') },
          { path: 'helpCenterDetail/:id', lazy: lazyPage(() => import('./routes/content/ContentDetailPage'), 'ContentItemPage') },
          { path: 'footer/footerDetails/:id', lazy: lazyPage(() => import('./routes/content/ContentDetailPage'), 'FooterPage') },
          { path: '*', element: <NotFoundResult homePath={paths.home} /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin, NotFoundResult, RouteErrorBoundary, createLoginGuard, lazyPage } from '@tp/web-kit';
import { rightsOf } from './layout/pageRights';
import { paths } from './paths';
import { session } from './session';

const requireLogin = createLoginGuard(session);
// Loaded on demand: the guard reads the switches through the API client, which needs the router.
const bankFunctionGuard = () => import('./routes/capitalCenter/bankGuard').then((m) => m.requireBankFunction());

/**
 * A center's pages behind one gate that opens each only for the rights it needs
 * (layout/pageRights.ts), and the center's own address leading to its first page the rights open.
 * Lazy for the same reason as the bank guard: the gate reads the rights through the API client.
 */
function gatedCenter(area: string, pages: RouteObject[]): RouteObject[] {
  return [
    { index: true, handle: { area }, lazy: lazyPage(() => import('./layout/RightsGate'), 'AreaIndex') },
    {
      lazy: lazyPage(() => import('./layout/RightsGate'), 'RightsGate'),
      children: pages.map((page) => ({ ...page, handle: { rights: rightsOf(`${area}/${page.path ?? ''}`) } })),
    },
  ];
}

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
              { path: 'realName', lazy: lazyPage(() => import('./routes/personalCenter/realName/RealNamePage'), 'RealNamePage') },
              { path: 'createDocumentICBC', loader: bankFunctionGuard, lazy: lazyPage(() => import('./routes/personalCenter/createDocumentICBC/CreateDocumentIcbcPage'), 'CreateDocumentIcbcPage') },
            ],
          },
          {
            path: 'capitalCenter',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/capitalCenter/layout/CapitalCenterLayout'), 'CapitalCenterLayout'),
            children: gatedCenter(paths.capitalCenter, [
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
            ]),
          },
          {
            path: 'sellerCenter',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/warehouse/CenterLayout'), 'SellerCenterLayout'),
            children: gatedCenter(paths.sellerCenter, [
              { path: 'resource/warehousingApply', lazy: lazyPage(() => import('./routes/warehouse/WarehousingApplyPage'), 'WarehousingApplyPage') },
              { path: 'resource/qualityInspectionReport', lazy: lazyPage(() => import('./routes/warehouse/InspectionReportPage'), 'InspectionReportPage') },
              { path: 'sales/qualityInspectionReport', lazy: lazyPage(() => import('./routes/warehouse/InspectionReportPage'), 'InspectionReportPage') },
              { path: 'sales/depositOrder', lazy: lazyPage(() => import('./routes/warehouse/WarehousingApplyPage'), 'DepositOrderPage') },
              { path: 'sales/warehouseOrder', lazy: lazyPage(() => import('./routes/warehouse/ReceiptsPage'), 'WarehouseOrderPage') },
              { path: 'resource/spotResource', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'SpotResourcePage') },
              { path: 'resource/sellInfoResource', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'SellInfoResourcePage') },
              { path: 'resource/preSellResource', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'PreSellResourcePage') },
              { path: 'resource/spotResourceOrder', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'SpotResourceOrderPage') },
              { path: 'resource/preSellResourceOrder', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'PreSellResourceOrderPage') },
              { path: 'baojia', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'BaojiaPage') },
              { path: 'order', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'SellerOrderPage') },
              { path: 'dealOrder', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'SellerDealOrderPage') },
              { path: 'addResourceOrder', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'AddResourceOrderPage') },
              { path: 'sellAgreeList', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'SellAgreeListPage') },
              { path: 'sellOrderList', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'SellOrderListPage') },
              { path: 'sales/companyWarehouse', lazy: lazyPage(() => import('./routes/warehouse/ReceiptsPage'), 'CompanyWarehousePage') },
              { path: 'sales/contract', lazy: lazyPage(() => import('./routes/contract/ContractsPage'), 'SellerContractsPage') },
              { path: 'logistics/selfBill', lazy: lazyPage(() => import('./routes/warehouse/PickupBillsPage'), 'SelfBillPage') },
              { path: 'logistics/logisticsBill', lazy: lazyPage(() => import('./routes/warehouse/PickupBillsPage'), 'LogisticsBillPage') },
              { path: 'shopManage', lazy: lazyPage(() => import('./routes/product/SellerPages'), 'ShopManagePage') },
              { path: 'addProduct', lazy: lazyPage(() => import('./routes/product/SellerPages'), 'AddProductPage') },
              { path: 'myProduction', lazy: lazyPage(() => import('./routes/product/SellerPages'), 'MyProductionPage') },
              { path: 'productionAudit', lazy: lazyPage(() => import('./routes/product/SellerPages'), 'ProductionAuditPage') },
            ]),
          },
          {
            path: 'buyerCenter',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/warehouse/CenterLayout'), 'BuyerCenterLayout'),
            children: gatedCenter(paths.buyerCenter, [
              { path: 'logistics/pickupGoods', lazy: lazyPage(() => import('./routes/warehouse/HoldingsPage'), 'PickupGoodsPage') },
              { path: 'buy/spotBuy', lazy: lazyPage(() => import('./routes/listing/center/BuyerPages'), 'SpotBuyPage') },
              { path: 'buy/buyInfo', lazy: lazyPage(() => import('./routes/listing/center/BuyerPages'), 'BuyInfoPage') },
              { path: 'buy/spotBuyOrder', lazy: lazyPage(() => import('./routes/listing/center/BuyerPages'), 'SpotBuyOrderPage') },
              { path: 'purchase/spotOrder', lazy: lazyPage(() => import('./routes/listing/center/BuyerPages'), 'SpotOrderPage') },
              { path: 'purchase/preSellOrder', lazy: lazyPage(() => import('./routes/listing/center/BuyerPages'), 'PreSellOrderPage') },
              { path: 'purchase/contract', lazy: lazyPage(() => import('./routes/contract/ContractsPage'), 'BuyerContractsPage') },
              { path: 'logistics/selfBill', lazy: lazyPage(() => import('./routes/warehouse/PickupBillsPage'), 'SelfBillPage') },
              { path: 'logistics/logisticsBill', lazy: lazyPage(() => import('./routes/warehouse/PickupBillsPage'), 'LogisticsBillPage') },
            ]),
          },
          {
            path: 'matching',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/warehouse/CenterLayout'), 'MatchingLayout'),
            children: gatedCenter(paths.matching, [
              { path: 'qiugou', lazy: lazyPage(() => import('./routes/listing/matching/MatchingPages'), 'QiugouPage') },
              { path: 'order', lazy: lazyPage(() => import('./routes/listing/center/SellerPages'), 'SellerOrderPage') },
              { path: 'dealOrder', lazy: lazyPage(() => import('./routes/listing/matching/MatchingPages'), 'MatchingDealOrderPage') },
              { path: 'holdProduct', lazy: lazyPage(() => import('./routes/listing/matching/MatchingPages'), 'HoldProductPage') },
              { path: 'buyAgreeList', lazy: lazyPage(() => import('./routes/listing/matching/MatchingPages'), 'BuyAgreeListPage') },
              { path: 'pickGoods', lazy: lazyPage(() => import('./routes/listing/matching/MatchingPages'), 'PickGoodsPage') },
              { path: 'pickGoodsList', lazy: lazyPage(() => import('./routes/listing/matching/MatchingPages'), 'PickGoodsListPage') },
            ]),
          },
          { path: 'ResourceDocuments/ResourceDocuments/:commodity?', lazy: lazyPage(() => import('./routes/listing/market/MarketPage'), 'MarketPage') },
          { path: 'ResourceDocuments/details/:id?', lazy: lazyPage(() => import('./routes/listing/market/ListingDetailPage'), 'ResourceDetailPage') },
          { path: 'purchaseDocument/purchaseDocument', lazy: lazyPage(() => import('./routes/listing/market/MarketPage'), 'PurchasePage') },
          { path: 'purchaseDocument/details/:id?', lazy: lazyPage(() => import('./routes/listing/market/ListingDetailPage'), 'PurchaseDetailPage') },
          { path: 'search', lazy: lazyPage(() => import('./routes/listing/market/SearchPage'), 'SearchPage') },
          { path: 'supplyDemandInfo', lazy: lazyPage(() => import('./routes/supply/SupplyBoardPage'), 'SupplyBoardPage') },
          { path: 'supplyDemandInfo/details/:id?', lazy: lazyPage(() => import('./routes/supply/SupplyDetailPage'), 'SupplyDetailPage') },
          { path: 'productionSell/productionSell', lazy: lazyPage(() => import('./routes/product/ProductListPage'), 'ProductListPage') },
          { path: 'productionSell/cart', loader: requireLogin, lazy: lazyPage(() => import('./routes/product/CartPage'), 'CartPage') },
          { path: 'productionDetails/details/:id?', lazy: lazyPage(() => import('./routes/product/ProductDetailPage'), 'ProductDetailPage') },
          { path: 'shopCenter/:id?', lazy: lazyPage(() => import('./routes/product/ShopCenterPage'), 'ShopCenterPage') },
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

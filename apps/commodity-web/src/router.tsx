import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin, createLoginGuard, lazyPage, lazyRouteErrors } from '@tp/web-kit';
import { rightsOf } from './layout/pageRights';
import { paths } from './paths';
import { session } from './session';

const requireLogin = createLoginGuard(session);
// The error pages come when a route fails, not with the landing page.
const routeErrors = lazyRouteErrors(paths.home);
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
    errorElement: routeErrors.errorElement,
    children: [
      {
        // Pages fail inside the shell, so header and footer stay usable.
        errorElement: routeErrors.errorElement,
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
              { path: 'resource/warehousingApply', lazy: lazyPage(() => import('./routes/warehouse/warehousingApply/WarehousingApplyPage'), 'WarehousingApplyPage') },
              { path: 'resource/qualityInspectionReport', lazy: lazyPage(() => import('./routes/warehouse/inspectionReport/InspectionReportPage'), 'InspectionReportPage') },
              { path: 'sales/qualityInspectionReport', lazy: lazyPage(() => import('./routes/warehouse/inspectionReport/InspectionReportPage'), 'InspectionReportPage') },
              { path: 'sales/depositOrder', lazy: lazyPage(() => import('./routes/warehouse/depositOrder/DepositOrderPage'), 'DepositOrderPage') },
              { path: 'sales/warehouseOrder', lazy: lazyPage(() => import('./routes/warehouse/warehouseOrder/WarehouseOrderPage'), 'WarehouseOrderPage') },
              { path: 'resource/spotResource', lazy: lazyPage(() => import('./routes/listing/spotResource/SpotResourcePage'), 'SpotResourcePage') },
              { path: 'resource/sellInfoResource', lazy: lazyPage(() => import('./routes/listing/sellInfoResource/SellInfoResourcePage'), 'SellInfoResourcePage') },
              { path: 'resource/preSellResource', lazy: lazyPage(() => import('./routes/listing/preSellResource/PreSellResourcePage'), 'PreSellResourcePage') },
              { path: 'resource/spotResourceOrder', lazy: lazyPage(() => import('./routes/listing/sellerPicks/SellerPicksPage'), 'SpotResourceOrderPage') },
              { path: 'resource/preSellResourceOrder', lazy: lazyPage(() => import('./routes/listing/preSellResourceOrder/PreSellResourceOrderPage'), 'PreSellResourceOrderPage') },
              { path: 'baojia', lazy: lazyPage(() => import('./routes/listing/baojia/BaojiaPage'), 'BaojiaPage') },
              { path: 'order', lazy: lazyPage(() => import('./routes/listing/sellerOrder/SellerOrderPage'), 'SellerOrderPage') },
              { path: 'dealOrder', lazy: lazyPage(() => import('./routes/listing/sellerDealOrder/SellerDealOrderPage'), 'SellerDealOrderPage') },
              { path: 'addResourceOrder', lazy: lazyPage(() => import('./routes/listing/addResourceOrder/AddResourceOrderPage'), 'AddResourceOrderPage') },
              { path: 'sellAgreeList', lazy: lazyPage(() => import('./routes/listing/sellAgreeList/SellAgreeListPage'), 'SellAgreeListPage') },
              { path: 'sellOrderList', lazy: lazyPage(() => import('./routes/listing/sellerPicks/SellerPicksPage'), 'SellOrderListPage') },
              { path: 'sales/companyWarehouse', lazy: lazyPage(() => import('./routes/warehouse/companyWarehouse/CompanyWarehousePage'), 'CompanyWarehousePage') },
              { path: 'sales/myFinancing', lazy: lazyPage(() => import('./routes/pledge/myFinancing/MyFinancingPage'), 'MyFinancingPage') },
              { path: 'sales/myPledge', lazy: lazyPage(() => import('./routes/pledge/myPledge/MyPledgePage'), 'MyPledgePage') },
              { path: 'sales/contract', lazy: lazyPage(() => import('./routes/contract/contracts/ContractsPage'), 'SellerContractsPage') },
              { path: 'logistics/selfBill', lazy: lazyPage(() => import('./routes/warehouse/selfBill/SelfBillPage'), 'SelfBillPage') },
              { path: 'logistics/logisticsBill', lazy: lazyPage(() => import('./routes/warehouse/logisticsBill/LogisticsBillPage'), 'LogisticsBillPage') },
              { path: 'shopManage', lazy: lazyPage(() => import('./routes/product/shopManage/ShopManagePage'), 'ShopManagePage') },
              { path: 'addProduct', lazy: lazyPage(() => import('./routes/product/addProduct/AddProductPage'), 'AddProductPage') },
              { path: 'myProduction', lazy: lazyPage(() => import('./routes/product/myProduction/MyProductionPage'), 'MyProductionPage') },
              { path: 'productionAudit', lazy: lazyPage(() => import('./routes/product/productionAudit/ProductionAuditPage'), 'ProductionAuditPage') },
              { path: 'resource/biddingResource', lazy: lazyPage(() => import('./routes/auction/center/BiddingResourcePage'), 'BiddingResourcePage') },
              { path: 'resource/biddingResourceOrder', lazy: lazyPage(() => import('./routes/auction/center/AuctionOrdersPage'), 'BiddingResourceOrderPage') },
              { path: 'sales/biddingOrder', lazy: lazyPage(() => import('./routes/auction/center/AuctionOrdersPage'), 'SellerBiddingOrderPage') },
              { path: 'sales/registeredBidding', lazy: lazyPage(() => import('./routes/auction/center/BiddingResourcePage'), 'SellerRegisteredPage') },
              { path: 'sales/winningBidding', lazy: lazyPage(() => import('./routes/auction/center/AuctionOrdersPage'), 'SellerWinningPage') },
            ]),
          },
          {
            path: 'buyerCenter',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/warehouse/CenterLayout'), 'BuyerCenterLayout'),
            children: gatedCenter(paths.buyerCenter, [
              { path: 'logistics/pickupGoods', lazy: lazyPage(() => import('./routes/warehouse/pickupGoods/PickupGoodsPage'), 'PickupGoodsPage') },
              { path: 'buy/spotBuy', lazy: lazyPage(() => import('./routes/listing/spotBuy/SpotBuyPage'), 'SpotBuyPage') },
              { path: 'buy/buyInfo', lazy: lazyPage(() => import('./routes/listing/buyInfo/BuyInfoPage'), 'BuyInfoPage') },
              { path: 'buy/spotBuyOrder', lazy: lazyPage(() => import('./routes/listing/buyerPicks/BuyerPicksPage'), 'SpotBuyOrderPage') },
              { path: 'purchase/spotOrder', lazy: lazyPage(() => import('./routes/listing/buyerPicks/BuyerPicksPage'), 'SpotOrderPage') },
              { path: 'purchase/preSellOrder', lazy: lazyPage(() => import('./routes/listing/preSellOrder/PreSellOrderPage'), 'PreSellOrderPage') },
              { path: 'purchase/contract', lazy: lazyPage(() => import('./routes/contract/contracts/ContractsPage'), 'BuyerContractsPage') },
              { path: 'logistics/selfBill', lazy: lazyPage(() => import('./routes/warehouse/selfBill/SelfBillPage'), 'SelfBillPage') },
              { path: 'logistics/logisticsBill', lazy: lazyPage(() => import('./routes/warehouse/logisticsBill/LogisticsBillPage'), 'LogisticsBillPage') },
              { path: 'buy/biddingBuy', lazy: lazyPage(() => import('./routes/auction/hall/AuctionHallPage'), 'BiddingBuyPage') },
              { path: 'buy/biddingBuyOrder', lazy: lazyPage(() => import('./routes/auction/center/AuctionOrdersPage'), 'BiddingBuyOrderPage') },
              { path: 'purchase/biddingOrder', lazy: lazyPage(() => import('./routes/auction/center/AuctionOrdersPage'), 'BuyerBiddingOrderPage') },
              { path: 'purchase/registeredBidding', lazy: lazyPage(() => import('./routes/auction/center/RegisteredBiddingPage'), 'RegisteredBiddingPage') },
              { path: 'purchase/winningBidding', lazy: lazyPage(() => import('./routes/auction/center/AuctionOrdersPage'), 'BuyerWinningPage') },
            ]),
          },
          {
            path: 'matching',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/warehouse/CenterLayout'), 'MatchingLayout'),
            children: gatedCenter(paths.matching, [
              { path: 'qiugou', lazy: lazyPage(() => import('./routes/listing/buyInfo/BuyInfoPage'), 'QiugouPage') },
              { path: 'order', lazy: lazyPage(() => import('./routes/listing/sellerOrder/SellerOrderPage'), 'SellerOrderPage') },
              { path: 'dealOrder', lazy: lazyPage(() => import('./routes/listing/dealOrder/MatchingDealOrderPage'), 'MatchingDealOrderPage') },
              { path: 'holdProduct', lazy: lazyPage(() => import('./routes/listing/holdProduct/HoldProductPage'), 'HoldProductPage') },
              { path: 'buyAgreeList', lazy: lazyPage(() => import('./routes/listing/buyAgreeList/BuyAgreeListPage'), 'BuyAgreeListPage') },
              { path: 'pickGoods', lazy: lazyPage(() => import('./routes/listing/pickGoods/PickGoodsPage'), 'PickGoodsPage') },
              { path: 'pickGoodsList', lazy: lazyPage(() => import('./routes/listing/pickGoodsList/PickGoodsListPage'), 'PickGoodsListPage') },
            ]),
          },
          { path: 'marketAnalyses', lazy: lazyPage(() => import('./routes/quotation/marketAnalyses/MarketAnalysesPage'), 'MarketAnalysesPage') },
          { path: 'fileDownload', lazy: lazyPage(() => import('./routes/download/fileDownload/FileDownloadPage'), 'FileDownloadPage') },
          { path: 'integral', lazy: lazyPage(() => import('./routes/integral/shop/IntegralShopPage'), 'IntegralShopPage') },
          { path: 'integral/goods/:goodsId', lazy: lazyPage(() => import('./routes/integral/goodsDetail/IntegralGoodsPage'), 'IntegralGoodsPage') },
          { path: 'integral/mine', loader: requireLogin, lazy: lazyPage(() => import('./routes/integral/mine/MyIntegralPage'), 'MyIntegralPage') },
          {
            path: 'financial',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/financial/FinancialLayout'), 'FinancialLayout'),
            children: [
              { index: true, element: <Navigate replace to={paths.financialOrder} /> },
              { path: 'order', lazy: lazyPage(() => import('./routes/financial/order/FinancialOrderPage'), 'FinancialOrderPage') },
              { path: 'accountReceive', lazy: lazyPage(() => import('./routes/financial/accountReceive/AccountReceivePage'), 'AccountReceivePage') },
              { path: 'warehouse', lazy: lazyPage(() => import('./routes/financial/warehouse/FinancialWarehousePage'), 'FinancialWarehousePage') },
              { path: 'bill', lazy: lazyPage(() => import('./routes/financial/bill/FinancialBillPage'), 'FinancialBillPage') },
            ],
          },
          { path: 'ResourceDocuments/ResourceDocuments/:commodity?', lazy: lazyPage(() => import('./routes/listing/market/MarketPage'), 'MarketPage') },
          { path: 'ResourceDocuments/details/:id?', lazy: lazyPage(() => import('./routes/listing/listingDetail/ListingDetailPage'), 'ResourceDetailPage') },
          { path: 'purchaseDocument/purchaseDocument', lazy: lazyPage(() => import('./routes/listing/market/MarketPage'), 'PurchasePage') },
          { path: 'purchaseDocument/details/:id?', lazy: lazyPage(() => import('./routes/listing/listingDetail/ListingDetailPage'), 'PurchaseDetailPage') },
          { path: 'auction', lazy: lazyPage(() => import('./routes/auction/hall/AuctionHallPage'), 'AuctionHallPage') },
          { path: 'auction/:id', lazy: lazyPage(() => import('./routes/auction/room/AuctionRoomPage'), 'AuctionRoomPage') },
          { path: 'afterSale', loader: requireLogin, lazy: lazyPage(() => import('./routes/aftersale/AfterSaleListPage'), 'AfterSaleListPage') },
          { path: 'search', lazy: lazyPage(() => import('./routes/listing/search/SearchPage'), 'SearchPage') },
          { path: 'supplyDemandInfo', lazy: lazyPage(() => import('./routes/supply/supplyBoard/SupplyBoardPage'), 'SupplyBoardPage') },
          { path: 'supplyDemandInfo/details/:id?', lazy: lazyPage(() => import('./routes/supply/supplyDetail/SupplyDetailPage'), 'SupplyDetailPage') },
          { path: 'mall/mall', lazy: lazyPage(() => import('./routes/mall/mallHome/MallPage'), 'MallPage') },
          { path: 'mall/productionDetails/:id?', lazy: lazyPage(() => import('./routes/mall/productionDetails/MallDetailPage'), 'MallDetailPage') },
          { path: 'mall/confirmOrder', loader: requireLogin, lazy: lazyPage(() => import('./routes/mall/confirmOrder/ConfirmOrderPage'), 'ConfirmOrderPage') },
          {
            path: 'mall/user',
            loader: requireLogin,
            lazy: lazyPage(() => import('./routes/mall/user/MallUserLayout'), 'MallUserLayout'),
            children: [
              { index: true, element: <Navigate replace to={paths.mallAddress} /> },
              { path: 'address', lazy: lazyPage(() => import('./routes/personalCenter/myAddress/MyAddressPage'), 'MyAddressPage') },
              { path: 'orderList', lazy: lazyPage(() => import('./routes/mall/user/orderList/MallOrderListPage'), 'MallOrderListPage') },
              { path: 'goods', lazy: lazyPage(() => import('./routes/mall/user/goods/MallGoodsPage'), 'MallGoodsPage') },
            ],
          },
          { path: 'productionSell/productionSell', lazy: lazyPage(() => import('./routes/product/productList/ProductListPage'), 'ProductListPage') },
          { path: 'productionSell/cart', loader: requireLogin, lazy: lazyPage(() => import('./routes/product/cart/CartPage'), 'CartPage') },
          { path: 'productionDetails/details/:id?', lazy: lazyPage(() => import('./routes/product/productDetail/ProductDetailPage'), 'ProductDetailPage') },
          { path: 'shopCenter/:id?', lazy: lazyPage(() => import('./routes/product/shopCenter/ShopCenterPage'), 'ShopCenterPage') },
          { path: 'supplyDemandInfo/mine', loader: requireLogin, lazy: lazyPage(() => import('./routes/supply/mySupply/MySupplyPage'), 'MySupplyPage') },
          { path: 'news', lazy: lazyPage(() => import('./routes/content/contentList/ContentListPage'), 'NewsListPage') },
          { path: 'news/newsList/newsDetails/:id', lazy: lazyPage(() => import('./routes/content/contentDetail/ContentDetailPage'), 'ContentItemPage') },
          { path: 'notice', lazy: lazyPage(() => import('./routes/content/contentList/ContentListPage'), 'NoticeListPage') },
          { path: 'notice/noticeDetails/:id', lazy: lazyPage(() => import('./routes/content/contentDetail/ContentDetailPage'), 'ContentItemPage') },
          { path: 'helpCenter', lazy: lazyPage(() => import('./routes/content/contentList/ContentListPage'), 'HelpListPage') },
          { path: 'helpCenterDetail/:id', lazy: lazyPage(() => import('./routes/content/contentDetail/ContentDetailPage'), 'ContentItemPage') },
          { path: 'footer/footerDetails/:id', lazy: lazyPage(() => import('./routes/content/contentDetail/ContentDetailPage'), 'FooterPage') },
          { path: '*', lazy: routeErrors.notFound },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

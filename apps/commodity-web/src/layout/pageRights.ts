import { mayOpen } from '@tp/web-kit';
import { paths } from '../paths';
import { CAPITAL_PAGES } from '../routes/capitalCenter/layout/menu';

/**
 * The rights each page of the seller, buyer, matching and capital centers needs: any one of them
 * opens it. They are the rights the server checks on the calls the page makes (the listing,
 * warehouse, product, contract and bank services), so a menu entry shows, and an address opens,
 * only what the server will answer. Within an area the first page the rights open is where the
 * area's own address leads.
 */
export const PAGE_RIGHTS: Readonly<Record<string, readonly string[]>> = {
  // Seller center: warehouse pages (warehouse service), then trading (listing service), then the shop (product service).
  [paths.warehousingApply]: ['warehouse.apply'],
  [paths.spotResource]: ['trade.list'],
  [paths.sellerInspectionReport]: ['warehouse.inspection'],
  [paths.salesInspectionReport]: ['warehouse.inspection'],
  [paths.depositOrder]: ['warehouse.apply'],
  [paths.warehouseOrder]: ['warehouse.apply'],
  [paths.companyWarehouse]: ['warehouse.apply'],
  // Pledge financing: the borrower's pages (pledge service).
  [paths.myFinancing]: ['pledge.apply'],
  [paths.myPledge]: ['pledge.apply'],
  [paths.sellerContract]: ['contract.view'],
  [paths.sellerSelfBill]: ['warehouse.pickup'],
  [paths.sellerLogisticsBill]: ['warehouse.pickup'],
  [paths.addResourceOrder]: ['trade.list'],
  [paths.sellInfoResource]: ['trade.list'],
  [paths.preSellResource]: ['trade.list'],
  [paths.sellerOrder]: ['trade.list'],
  // Offers are read and answered with the bargaining right, on either side.
  [paths.sellerBaojia]: ['trade.bargain'],
  [paths.sellAgreeList]: ['trade.bargain'],
  [paths.spotResourceOrder]: ['trade.list'],
  [paths.preSellResourceOrder]: ['trade.list'],
  // The seller's picks are read with the listing right.
  [paths.sellOrderList]: ['trade.list'],
  [paths.sellerDealOrder]: ['trade.list'],
  [paths.shopManage]: ['seller.shop'],
  [paths.addProduct]: ['seller.product'],
  [paths.myProduction]: ['seller.product'],
  [paths.productionAudit]: ['seller.product'],
  // Buyer center.
  [paths.buyerSpotBuy]: ['trade.pick'],
  [paths.pickupGoods]: ['warehouse.pickup'],
  [paths.buyerSpotOrder]: ['trade.pick'],
  [paths.buyerContract]: ['contract.view'],
  [paths.buyerSelfBill]: ['warehouse.pickup'],
  [paths.buyerLogisticsBill]: ['warehouse.pickup'],
  [paths.buyerBuyInfo]: ['trade.purchase'],
  [paths.buyerSpotBuyOrder]: ['trade.pick'],
  [paths.buyerPreSellOrder]: ['trade.pick'],
  // Matching: pages with a buyer and a seller tab open with either side's right.
  [paths.matchingQiugou]: ['trade.purchase'],
  [paths.matchingOrder]: ['trade.list'],
  [paths.matchingDealOrder]: ['trade.pick', 'trade.list'],
  [paths.holdProduct]: ['warehouse.pickup'],
  [paths.buyAgreeList]: ['trade.bargain'],
  [paths.pickGoods]: ['trade.list', 'trade.pick'],
  [paths.pickGoodsList]: ['trade.pick'],
  // Auctions: lots are published and followed with the publish right, signed up for, bid on and paid with the bid right.
  [paths.buyerBiddingBuy]: ['auction.bid'],
  [paths.buyerBiddingBuyOrder]: ['auction.bid'],
  [paths.buyerBiddingOrder]: ['auction.bid'],
  [paths.buyerRegisteredBidding]: ['auction.bid'],
  [paths.buyerWinningBidding]: ['auction.bid'],
  [paths.sellerBiddingResource]: ['auction.publish'],
  [paths.sellerBiddingResourceOrder]: ['auction.publish'],
  [paths.sellerBiddingOrder]: ['auction.publish'],
  [paths.sellerRegisteredBidding]: ['auction.publish'],
  [paths.sellerWinningBidding]: ['auction.publish'],
  // Capital center (bank service).
  ...Object.fromEntries(CAPITAL_PAGES.map((page) => [page.path, [page.right]])),
};

/** The rights a page needs; a page not listed needs none beyond login. */
export const rightsOf = (path: string): readonly string[] => PAGE_RIGHTS[path] ?? [];

/** Whether the rights `has` answers for open the page at `path`. */
export const mayOpenPage = (path: string, has: (rightCode: string) => boolean): boolean => mayOpen(rightsOf(path), has);

/** The pages of an area (`/sellerCenter`…) the rights open, in the order above. */
export const openPagesOf = (area: string, has: (rightCode: string) => boolean): string[] =>
  Object.keys(PAGE_RIGHTS).filter((path) => path.startsWith(`${area}/`) && mayOpenPage(path, has));

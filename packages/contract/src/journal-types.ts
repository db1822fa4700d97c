/**
 * Every journal type the ledger may be written with. The ledger refuses any other type, and the
 * statements of both apps word each of these in every language, so a new kind of money movement
 * is added here first (and gets its texts) before any module can post it.
 */
export const JournalType = {
  // Capital center: the bank channels.
  bankDeposit: 'bank.deposit',
  bankWithdrawFreeze: 'bank.withdraw.freeze',
  bankWithdraw: 'bank.withdraw',
  bankWithdrawRelease: 'bank.withdraw.release',
  // Listings: spot picks, and the margin events that move money (1 listed, 2 confirmation,
  // 3 balance paid, 6 seller paid, 7 release or forfeit, 9 an auction's deposit; 4, 5 and 8 move none).
  listingPickFreeze: 'listing.pick.freeze',
  listingPickRelease: 'listing.pick.release',
  listingPickSettle: 'listing.pick.settle',
  listingMargin1: 'listing.margin.1',
  listingMargin2: 'listing.margin.2',
  listingMargin3: 'listing.margin.3',
  listingMargin6: 'listing.margin.6',
  listingMargin7: 'listing.margin.7',
  listingMargin9: 'listing.margin.9',
  // After-sale: a returned auction order's refund, from the seller back to the buyer.
  auctionAfterSaleRefund: 'auction.aftersale.refund',
  // Warehouse fees.
  warehouseInspectionFreeze: 'warehouse.inspection.freeze',
  warehouseInspectionCharge: 'warehouse.inspection.charge',
  warehouseInspectionRelease: 'warehouse.inspection.release',
  warehouseStorageFee: 'warehouse.storage.fee',
  // Product shop orders.
  productOrderFreeze: 'product.order.freeze',
  productOrderRelease: 'product.order.release',
  productOrderSettle: 'product.order.settle',
  // Mall orders: paid into the mall's escrow, settled to the seller on completion, refunded on cancel or return.
  mallOrderPay: 'mall.order.pay',
  mallOrderSettle: 'mall.order.settle',
  mallOrderRefund: 'mall.order.refund',
  // Mobile payments: a confirmed payment credits the payer's fund account from the provider's clearing
  // account; a refund freezes the money, then pays it back to clearing (or releases it when refused).
  mobilepayPay: 'mobilepay.pay',
  mobilepayRefundFreeze: 'mobilepay.refund.freeze',
  mobilepayRefund: 'mobilepay.refund',
  mobilepayRefundRelease: 'mobilepay.refund.release',
  // Pledge financing: the loan paid out by the funder, repayments to it, a disposal's surplus to the borrower.
  pledgeDisburse: 'pledge.disburse',
  pledgeRepay: 'pledge.repay',
  pledgeSurplus: 'pledge.surplus',
  // Integrals (the INTEGRAL currency): points earned, spent in the integral shop, refunded on a cancel, expired at year end.
  integralEarn: 'integral.earn',
  integralRedeem: 'integral.redeem',
  integralRefund: 'integral.refund',
  integralExpire: 'integral.expire',
  // Exchange: transfers between books, demo money, chain wallet, spot trading.
  exchangeTransfer: 'exchange.transfer',
  demoGrant: 'demo.grant',
  walletDeposit: 'wallet.deposit',
  walletWithdrawFreeze: 'wallet.withdraw.freeze',
  walletWithdraw: 'wallet.withdraw',
  walletWithdrawRelease: 'wallet.withdraw.release',
  walletWithdrawFee: 'wallet.withdraw.fee',
  walletWithdrawFeeRelease: 'wallet.withdraw.fee.release',
  // The platform's custody of coins: deposits into the hot wallet, sends out of it, moves between hot and cold.
  walletCustodyDeposit: 'wallet.custody.deposit',
  walletCustodySend: 'wallet.custody.send',
  walletCustodyReturn: 'wallet.custody.return',
  walletCustodyRefill: 'wallet.custody.refill',
  walletCustodySweep: 'wallet.custody.sweep',
  spotReserve: 'spot.reserve',
  spotRelease: 'spot.release',
  spotTrade: 'spot.trade',
  // Fiat (OTC): the merchant deposit, sell ads' escrow, orders' escrow and their settlement.
  otcMerchantDeposit: 'otc.merchant.deposit',
  otcMerchantRefund: 'otc.merchant.refund',
  otcAdEscrow: 'otc.ad.escrow',
  otcAdRelease: 'otc.ad.release',
  otcOrderEscrow: 'otc.order.escrow',
  otcOrderReturn: 'otc.order.return',
  otcOrderSettle: 'otc.order.settle',
  // Pre-sale: the subscription's frozen payment, the allocation (payment, fee, refund, tokens), a removed project's refund, staged unlocks.
  presaleFreeze: 'presale.subscribe.freeze',
  presaleSettle: 'presale.settle',
  presaleRefund: 'presale.refund',
  presaleUnlock: 'presale.unlock',
  // Lock-up reward: the lock, the monthly reward and the releases.
  lockupLock: 'lockup.lock',
  lockupReward: 'lockup.reward',
  lockupRelease: 'lockup.release',
  // Contract trading: an entrustment's margin and fee held, released on cancel; a fill opening or
  // closing a position; a compulsory closing; the daily overnight fee.
  futuresFreeze: 'futures.order.freeze',
  futuresRelease: 'futures.order.release',
  futuresOpen: 'futures.open',
  futuresClose: 'futures.close',
  futuresLiquidation: 'futures.liquidation',
  futuresOvernight: 'futures.overnight',
} as const;
export type JournalType = (typeof JournalType)[keyof typeof JournalType];

export const JOURNAL_TYPES: readonly JournalType[] = Object.values(JournalType);

const KNOWN: ReadonlySet<string> = new Set(JOURNAL_TYPES);
export const isJournalType = (value: string): value is JournalType => KNOWN.has(value);

const {
  exchangeTransfer,
  walletDeposit,
  walletWithdrawFreeze,
  walletWithdraw,
  walletWithdrawRelease,
  walletWithdrawFee,
  walletWithdrawFeeRelease,
  walletCustodyDeposit,
  walletCustodySend,
  walletCustodyReturn,
  walletCustodyRefill,
  walletCustodySweep,
  spotReserve,
  spotRelease,
  spotTrade,
  otcMerchantDeposit,
  otcMerchantRefund,
  otcAdEscrow,
  otcAdRelease,
  otcOrderEscrow,
  otcOrderReturn,
  otcOrderSettle,
  presaleFreeze,
  presaleSettle,
  presaleRefund,
  presaleUnlock,
  lockupLock,
  lockupReward,
  lockupRelease,
  futuresFreeze,
  futuresRelease,
  futuresOpen,
  futuresClose,
  futuresLiquidation,
  futuresOvernight,
  integralEarn,
  integralRedeem,
  integralRefund,
  integralExpire,
  ...commodity
} = JournalType;
/** The commodity platform's fund account (CNY) is moved by these; its statements show them. */
export const COMMODITY_JOURNAL_TYPES: readonly JournalType[] = Object.values(commodity);
/** The exchange's accounts are moved by these (demo money lands in both); its financial log shows them. */
export const EXCHANGE_JOURNAL_TYPES: readonly JournalType[] = [
  JournalType.demoGrant,
  exchangeTransfer,
  walletDeposit,
  walletWithdrawFreeze,
  walletWithdraw,
  walletWithdrawRelease,
  walletWithdrawFee,
  walletWithdrawFeeRelease,
  spotReserve,
  spotRelease,
  spotTrade,
  otcMerchantDeposit,
  otcMerchantRefund,
  otcAdEscrow,
  otcAdRelease,
  otcOrderEscrow,
  otcOrderReturn,
  otcOrderSettle,
  presaleFreeze,
  presaleSettle,
  presaleRefund,
  presaleUnlock,
  lockupLock,
  lockupReward,
  lockupRelease,
  futuresFreeze,
  futuresRelease,
  futuresOpen,
  futuresClose,
  futuresLiquidation,
  futuresOvernight,
];

/** Move only integrals (the INTEGRAL currency), which the integral history shows, never the fund account's statements. */
export const INTEGRAL_JOURNAL_TYPES: readonly JournalType[] = [integralEarn, integralRedeem, integralRefund, integralExpire];

/** Move only the platform's own custody accounts: no user's statement ever shows them. */
export const PLATFORM_JOURNAL_TYPES: readonly JournalType[] = [walletCustodyDeposit, walletCustodySend, walletCustodyReturn, walletCustodyRefill, walletCustodySweep];

/** The translation key of a journal type (i18next keys cannot contain dots). */
export const journalTypeKey = (type: string): string => type.replaceAll('.', '_');

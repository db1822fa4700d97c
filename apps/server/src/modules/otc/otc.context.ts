import { Decimal } from '@tp/decimal';
import { WsTopic, type ExchangeAsset, type OtcCurrency, type OtcNoticeKind, type OtcOrderStatus, type OtcPartyStatus, type OtcPush } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import { appendEvent, type OutboxPublisher } from '../../platform/events/index';
import { NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import type { OpenedFile, UploadService } from '../../platform/uploads/index';
import { exchangeBook, userOwner } from '../asset/index';
import type { PaymentPasswordService, UserDirectory } from '../identity/index';
import type { LedgerService } from '../ledger/index';
import { OtcFieldError, RULES } from './otc.errors';
import * as repo from './otc.repo';

/** What the fiat module is wired with (app.ts); tests pass the same app pieces. */
export interface OtcServiceDeps {
  db: Db;
  /** Trading time: the 15-minute expiry, the 24-hour proof window and the daily cancel limit run on it (the sandbox clock outside production). */
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'balances'>;
  paymentPasswords: Pick<PaymentPasswordService, 'verify'>;
  uploads: Pick<UploadService, 'storeImage' | 'open'>;
  publisher: Pick<OutboxPublisher, 'flush'>;
  users: Pick<UserDirectory, 'accountsOf'>;
  assets: { list(): Promise<ExchangeAsset[]> };
  /** The spot index of a coin in USDT (a floating ad's price follows it). */
  indexPrice(coin: string): Promise<string>;
}

export const OTC_EXPIRE_JOB = 'otc.order.expire';

/** Reference rates of one USDT in each fiat currency, for floating prices (the spot index is in USDT). */
export const USDT_FIAT_RATES: Record<OtcCurrency, string> = { CNY: '7.2', USD: '1', EUR: '0.92' };

export const NO_SUCH_ORDER = text('订单不存在', 'No such order', '訂單不存在');
export const NO_SUCH_AD = text('广告不存在', 'No such ad', '廣告不存在');

/** The fiat book's accounts: available, frozen (a sell ad's escrow, the merchant deposit), and an order's escrow. */
const fiat = exchangeBook('fiat');
export const Accounts = {
  available: (userId: number, coin: string) => ({ ...userOwner(userId), currency: coin, kind: fiat.available }),
  frozen: (userId: number, coin: string) => ({ ...userOwner(userId), currency: coin, kind: fiat.frozen }),
  escrow: (userId: number, coin: string) => ({ ...userOwner(userId), currency: coin, kind: 'fiat_escrow' }),
};

export const uid = (auth: AuthContext) => Number(auth.userId);

/** Each side's own words for where the order stands. */
export function partyStatuses(status: OtcOrderStatus): { buyerStatus: OtcPartyStatus; sellerStatus: OtcPartyStatus } {
  switch (status) {
    case 'unpaid':
      return { buyerStatus: 'toPay', sellerStatus: 'waitingPayment' };
    case 'paid':
      return { buyerStatus: 'paid', sellerStatus: 'toRelease' };
    default:
      return { buyerStatus: status, sellerStatus: status };
  }
}

export function createOtcContext(deps: OtcServiceDeps) {
  const { db, clock } = deps;

  async function precisionOf(coin: string): Promise<number> {
    return (await deps.assets.list()).find((asset) => asset.code === coin)?.precision ?? 8;
  }

  /** Every picture a request names must be one the caller uploaded for fiat trading. */
  async function assertOwnImages(auth: AuthContext, ids: readonly string[], field: string): Promise<void> {
    if (ids.length === 0) return;
    const rows = await repo.imagesOf(db, ids);
    if (rows.length !== new Set(ids).size || rows.some((row) => row.userId !== uid(auth))) throw new OtcFieldError(field, RULES.imageNotYours, auth.language);
  }

  /** Opens a picture on its uploader's behalf; the caller's right to see it was checked before. */
  async function openImage(id: string, as: AuthContext): Promise<OpenedFile> {
    const [row] = await repo.imagesOf(db, [id]);
    if (!row) throw new NotFoundError(text('文件不存在', 'No such file', '檔案不存在'));
    const owner: AuthContext = as.kind === 'staff' ? as : { ...as, kind: 'user', userId: String(row.userId), firmId: row.firmId };
    return deps.uploads.open(owner, id, 'file');
  }

  /** A notice for both parties in their list, and a push on each one's topic. */
  async function notify(tx: DbOrTx, order: repo.OrderRow, kind: OtcNoticeKind): Promise<void> {
    const now = clock.now();
    const parties = [order.buyerUserId, order.sellerUserId];
    await repo.insertNotices(
      tx,
      parties.map((userId) => ({ userId, kind, orderId: order.id, orderNo: order.orderNo, createdAt: now })),
    );
    for (const userId of parties) await push(tx, userId, { kind: 'order', orderId: String(order.id), status: order.status });
  }

  async function push(tx: DbOrTx, userId: number, payload: OtcPush): Promise<void> {
    await appendEvent(tx, { type: 'otc.changed', topic: WsTopic.user(String(userId)), push: 'otc', payload });
  }

  async function nicknamesOf(userIds: readonly number[], tx: DbOrTx = db): Promise<Map<number, string>> {
    const profiles = await repo.profilesOf(tx, [...new Set(userIds)]);
    return new Map([...profiles].map(([userId, row]) => [userId, row.nickname ?? '']));
  }

  /** A fixed ad's price, or the spot index × the currency's rate × the ad's percentage, to fen. */
  async function priceOf(ad: Pick<repo.AdRow, 'priceType' | 'price' | 'floatPercent' | 'coin' | 'currency'>): Promise<Decimal> {
    if (ad.priceType === 'fixed') return Decimal.parse(ad.price);
    const index = await deps.indexPrice(ad.coin);
    const rate = USDT_FIAT_RATES[ad.currency as OtcCurrency] ?? '1';
    return Decimal.parse(index).mul(rate).mul(ad.floatPercent).div('100', 10).truncate(2);
  }

  return { db, clock, deps, precisionOf, assertOwnImages, openImage, notify, push, nicknamesOf, priceOf };
}

export type OtcContext = ReturnType<typeof createOtcContext>;

import { Decimal } from '@tp/decimal';
import { OTC_AD_NOTE_MAX, type OtcAd, type OtcAdStatus, type OtcMarketRequest, type OtcPostAdRequest, type Page } from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import { pageOf, pageWindow, withTransaction, type DbOrTx } from '../../platform/db/index';
import { NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { InsufficientFundsError } from '../ledger/index';
import type { OtcEscrow } from './escrow';
import { Accounts, NO_SUCH_AD, uid, type OtcContext } from './otc.context';
import { MerchantFailedError, OtcFieldError, REASONS, RevokeFailedError, RULES } from './otc.errors';
import * as repo from './otc.repo';
import type { OtcSettings } from './settings';

const AD_REASONS = {
  onlyMerchants: text('仅认证商家可以发布广告', 'only approved merchants can post ads', '僅認證商家可以發佈廣告'),
  withdrawn: text('广告已下架', 'the ad is already withdrawn', '廣告已下架'),
};


export function createOtcAds(ctx: OtcContext, settings: OtcSettings, escrow: OtcEscrow) {
  const { db, clock, deps } = ctx;

  async function toAds(rows: repo.AdRow[], viewer: number | undefined): Promise<OtcAd[]> {
    const owners = [...new Set(rows.map((row) => row.userId))];
    const [stats, names] = await Promise.all([repo.merchantStats(db, owners), ctx.nicknamesOf(owners)]);
    return Promise.all(
      rows.map(async (row) => {
        const s = stats.get(row.userId);
        return {
          id: String(row.id),
          code: adCode(row.id),
          side: row.side,
          coin: row.coin as OtcAd['coin'],
          currency: row.currency as OtcAd['currency'],
          priceType: row.priceType,
          price: (await ctx.priceOf(row)).toString(),
          floatPercent: Decimal.parse(row.floatPercent).toString(),
          minAmount: Decimal.parse(row.minAmount).toString(),
          maxAmount: Decimal.parse(row.maxAmount).toString(),
          totalVolume: Decimal.parse(row.totalVolume).toString(),
          remaining: Decimal.parse(row.remaining).toString(),
          paymentMethods: row.paymentMethods,
          note: row.note,
          seniorRequired: row.seniorRequired,
          status: row.status,
          takenDownReason: row.takenDownReason,
          createdAt: row.createdAt.toISOString(),
          merchant: {
            nickname: names.get(row.userId) ?? '',
            completedOrders: s?.completed ?? 0,
            completionRate: s && s.ended > 0 ? Decimal.parse(String(s.completed)).div(String(s.ended), 4).toString() : '',
            avgReleaseSeconds: Math.round(s?.releaseSeconds ?? 0),
          },
          mine: viewer === row.userId,
        };
      }),
    );
  }

  /** A sell ad's coins not held by an order go back to its owner's available fiat coins. */
  async function releaseRemaining(tx: DbOrTx, ad: repo.AdRow): Promise<void> {
    const remaining = Decimal.parse(ad.remaining);
    if (ad.side === 'sell' && remaining.isPositive()) {
      await deps.ledger.post(tx, {
        idempotencyKey: `otc.ad.release:${ad.id}`,
        type: 'otc.ad.release',
        description: adCode(ad.id),
        businessRef: String(ad.id),
        postings: [
          { account: Accounts.frozen(ad.userId, ad.coin), amount: `-${remaining.toString()}` },
          { account: Accounts.available(ad.userId, ad.coin), amount: remaining.toString() },
        ],
      });
    }
  }

  return {
    toAds,

    async market(auth: AuthContext | null, query: OtcMarketRequest): Promise<Page<OtcAd>> {
      const { rows, total } = await repo.marketAds(db, {
        side: query.side === 'buy' ? 'sell' : 'buy',
        coin: query.coin,
        currency: query.currency,
        amount: query.amount,
        paymentMethod: query.paymentMethod,
        ...pageWindow(query),
      });
      return pageOf(await toAds(rows, auth ? uid(auth) : undefined), total, query);
    },

    async ad(auth: AuthContext | null, adId: number): Promise<OtcAd> {
      const row = await repo.findAd(db, adId);
      if (!row) throw new NotFoundError(NO_SUCH_AD);
      const [ad] = await toAds([row], auth ? uid(auth) : undefined);
      if (!ad) throw new NotFoundError(NO_SUCH_AD);
      return ad;
    },

    /** Merchants only. A sell ad freezes its whole amount in the merchant's fiat book at once. */
    async post(auth: AuthContext, request: OtcPostAdRequest): Promise<OtcAd> {
      const userId = uid(auth);
      const lang = auth.language;
      if (!(await settings.isMerchant(userId))) throw new MerchantFailedError(AD_REASONS.onlyMerchants, {}, 403);
      if ([...request.note].length > OTC_AD_NOTE_MAX) throw new OtcFieldError('note', RULES.noteTooLong, lang, { max: OTC_AD_NOTE_MAX });
      if (request.priceType === 'fixed' && !request.price) throw new OtcFieldError('price', RULES.required, lang);
      if (request.priceType === 'floating' && (!request.floatPercent || !Decimal.parse(request.floatPercent).isPositive())) throw new OtcFieldError('floatPercent', RULES.required, lang);
      if (Decimal.parse(request.maxAmount).lt(request.minAmount)) throw new OtcFieldError('maxAmount', RULES.maxBelowMin, lang);
      const places = await ctx.precisionOf(request.coin);
      if (Decimal.parse(request.totalVolume).scale > places) throw new OtcFieldError('totalVolume', RULES.places, lang, { places });
      const methods = [...new Set(request.paymentMethods)];
      if (request.side === 'sell') {
        // Buyers pay the merchant: each method offered needs the merchant's own account for it.
        const own = new Set((await repo.paymentMethodsOf(db, userId, request.currency)).map((m) => m.method));
        if (methods.some((m) => !own.has(m))) throw new OtcFieldError('paymentMethods', RULES.noPaymentSetting, lang, { currency: request.currency });
      }
      const priceType = request.priceType;
      const floatPercent = priceType === 'floating' ? (request.floatPercent ?? '0') : '0';
      const price = priceType === 'fixed' ? (request.price ?? '0') : (await ctx.priceOf({ priceType, price: '0', floatPercent, coin: request.coin, currency: request.currency })).toString();
      try {
        const ad = await withTransaction(db, async (tx) => {
          const now = clock.now();
          const row = await repo.insertAd(tx, {
            userId,
            side: request.side,
            coin: request.coin,
            currency: request.currency,
            priceType,
            price,
            floatPercent,
            minAmount: request.minAmount,
            maxAmount: request.maxAmount,
            totalVolume: request.totalVolume,
            remaining: request.totalVolume,
            paymentMethods: methods,
            note: request.note,
            seniorRequired: request.seniorRequired,
            status: 'active',
            createdAt: now,
            updatedAt: now,
          });
          if (row.side === 'sell') {
            await deps.ledger.post(tx, {
              idempotencyKey: `otc.ad.escrow:${row.id}`,
              type: 'otc.ad.escrow',
              description: adCode(row.id),
              businessRef: String(row.id),
              initiator: { ownerType: 'user', ownerId: String(userId) },
              postings: [
                { account: Accounts.available(userId, row.coin), amount: `-${request.totalVolume}` },
                { account: Accounts.frozen(userId, row.coin), amount: request.totalVolume },
              ],
            });
          }
          return row;
        });
        return (await toAds([ad], userId))[0]!;
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new OtcFieldError('totalVolume', REASONS.funds, lang);
        throw error;
      }
    },

    async mine(auth: AuthContext, query: { status?: OtcAdStatus | undefined; page: number; size: number }): Promise<Page<OtcAd>> {
      const { rows, total } = await repo.listAds(db, { userId: uid(auth), status: query.status, ...pageWindow(query) });
      return pageOf(await toAds(rows, uid(auth)), total, query);
    },

    /** Withdrawing releases what no order holds; orders already placed run on. */
    async withdraw(auth: AuthContext, adId: number): Promise<OtcAd> {
      await withTransaction(db, async (tx) => {
        const ad = await repo.findAd(tx, adId, true);
        if (!ad || ad.userId !== uid(auth)) throw new NotFoundError(NO_SUCH_AD);
        if (ad.status !== 'active') throw new RevokeFailedError(AD_REASONS.withdrawn);
        await releaseRemaining(tx, ad);
        await repo.updateAd(tx, ad.id, { status: 'withdrawn', remaining: '0', updatedAt: clock.now() });
      });
      return this.ad(auth, adId);
    },

    async adminAds(query: { status?: OtcAdStatus | undefined; page: number; size: number }): Promise<Page<OtcAd>> {
      const { rows, total } = await repo.listAds(db, { status: query.status, ...pageWindow(query) });
      return pageOf(await toAds(rows, undefined), total, query);
    },

    /** Staff take an ad off the market with a reason: its unpaid orders become invalid, paid ones run on. */
    async takeDown(staff: AuthContext, adId: number, reason: string): Promise<OtcAd> {
      await withTransaction(db, async (tx) => {
        const ad = await repo.findAd(tx, adId, true);
        if (!ad) throw new NotFoundError(NO_SUCH_AD);
        if (ad.status !== 'active') throw new RevokeFailedError(AD_REASONS.withdrawn);
        await releaseRemaining(tx, ad);
        const withdrawn = { ...ad, status: 'withdrawn' as const, remaining: '0' };
        await repo.updateAd(tx, ad.id, { status: 'withdrawn', remaining: '0', takenDownReason: reason, updatedAt: clock.now() });
        for (const peek of await repo.unpaidOrdersOfAd(tx, ad.id)) {
          const order = await repo.findOrder(tx, peek.id, true);
          if (order?.status === 'unpaid') await escrow.close(tx, order, withdrawn, 'invalid', `staff:${staff.userId}`, reason);
        }
        await appendAudit(tx, {
          at: clock.now(),
          actorKind: 'staff',
          actorId: staff.userId,
          action: 'otc.ad.take-down',
          objectType: 'otc_ad',
          objectId: String(ad.id),
          detail: { userId: ad.userId, remaining: ad.remaining, reason },
        });
      });
      await deps.publisher.flush();
      return this.ad(null, adId);
    },
  };
}

export const adCode = (id: number) => `AD${String(id).padStart(8, '0')}`;

export type OtcAds = ReturnType<typeof createOtcAds>;

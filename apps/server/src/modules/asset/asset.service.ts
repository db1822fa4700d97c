import { Decimal } from '@tp/decimal';
import {
  EXCHANGE_ACCOUNT_TYPES,
  type AccountOverview,
  type AssetBalance,
  type AssetFlowEntry,
  type AssetFlowRequest,
  type AssetOverview,
  type ExchangeAccountType,
  type ExchangeAsset,
  type Page,
  type TransferRequest,
  type TransferResult,
} from '@tp/contract';
import type { Db } from '../../platform/db/index';
import { AppError } from '../../platform/http/index';
import type { LedgerBook, LedgerOwner, LedgerService } from '../ledger/index';
import { AmountPrecisionError, TransferFailedError, UnknownAssetError } from './asset.errors';
import * as repo from './asset.repo';

/** Valuations are shown to 8 places, truncated. */
const VALUE_PLACES = 8;

/** Ledger kinds of each exchange account type's book. Other modules freeze and settle through these. */
export function exchangeBook(type: ExchangeAccountType): LedgerBook {
  return { available: type, frozen: `${type}_frozen` };
}

export const userOwner = (userId: string | number): LedgerOwner => ({ ownerType: 'user', ownerId: String(userId) });

/** The fee each of the user's sides paid on spot fills, keyed `<trade id>:<buy|sell>` (spot's `feesOfTrades`). */
export type TradeFees = (userId: string, tradeIds: number[]) => Promise<Map<string, { asset: string; amount: string }>>;

/** The spot journal of one fill; its business reference is the trade's id. */
const SPOT_TRADE = 'spot.trade';

export interface AssetServiceDeps {
  db: Db;
  ledger: Pick<LedgerService, 'balances' | 'accountFlow' | 'transfer'>;
  tradeFees: TradeFees;
}

export function createAssetService({ db, ledger, tradeFees }: AssetServiceDeps) {
  async function assets(): Promise<repo.AssetRow[]> {
    return repo.listAssets(db);
  }

  async function assetOf(code: string): Promise<repo.AssetRow> {
    const asset = (await assets()).find((row) => row.code === code);
    if (!asset) throw new UnknownAssetError();
    return asset;
  }

  function balanceOf(asset: repo.AssetRow, available: string, frozen: string): AssetBalance {
    const total = Decimal.parse(available).add(frozen);
    return {
      asset: asset.code,
      available: Decimal.parse(available).toString(),
      frozen: Decimal.parse(frozen).toString(),
      total: total.toString(),
      usdtValue: total.mul(asset.usdtPrice).truncate(VALUE_PLACES).toString(),
    };
  }

  async function book(userId: string, type: ExchangeAccountType, list: repo.AssetRow[]): Promise<AccountOverview> {
    const rows = await ledger.balances(db, userOwner(userId), undefined, exchangeBook(type));
    const byAsset = new Map(rows.map((row) => [row.currency, row]));
    const balances = list.map((asset) => balanceOf(asset, byAsset.get(asset.code)?.available ?? '0', byAsset.get(asset.code)?.frozen ?? '0'));
    const usdtValue = balances.reduce((sum, b) => sum.add(b.usdtValue), Decimal.ZERO);
    return { accountType: type, usdtValue: usdtValue.toString(), balances };
  }

  return {
    async list(): Promise<ExchangeAsset[]> {
      return (await assets()).map((row) => ({
        code: row.code,
        name: row.name,
        precision: row.precision,
        minDeposit: Decimal.parse(row.minDeposit).toString(),
        minWithdraw: Decimal.parse(row.minWithdraw).toString(),
        withdrawFee: Decimal.parse(row.withdrawFee).toString(),
        confirmations: row.confirmations,
        chain: row.chain,
        usdtPrice: Decimal.parse(row.usdtPrice).toString(),
      }));
    },

    /** Every account type with every asset, and the valuation in USDT. */
    async overview(userId: string): Promise<AssetOverview> {
      const list = await assets();
      const accounts = await Promise.all(EXCHANGE_ACCOUNT_TYPES.map((type) => book(userId, type, list)));
      const usdtValue = accounts.reduce((sum, a) => sum.add(a.usdtValue), Decimal.ZERO);
      return { usdtValue: usdtValue.toString(), accounts };
    },

    /**
     * Moves available money between two of the user's own account types in one journal. The
     * request id makes a retried transfer move the money once.
     */
    async transfer(userId: string, request: TransferRequest): Promise<TransferResult> {
      const asset = await assetOf(request.asset);
      if (Decimal.parse(request.amount).scale > asset.precision) throw new AmountPrecisionError(asset.precision);
      const owner = userOwner(userId);
      let journalId: string;
      try {
        const journal = await ledger.transfer(db, {
          idempotencyKey: `exchange.transfer:${userId}:${request.requestId}`,
          type: 'exchange.transfer',
          description: `${request.from} → ${request.to}`,
          businessRef: request.requestId,
          initiator: owner,
          from: { ...owner, currency: asset.code, kind: exchangeBook(request.from).available },
          to: { ...owner, currency: asset.code, kind: exchangeBook(request.to).available },
          amount: request.amount,
        });
        journalId = journal.id;
      } catch (error) {
        // Refusals the user can act on keep their own words; anything else is the spec's "try later".
        if (error instanceof AppError) throw error;
        throw new TransferFailedError();
      }
      const [from, to] = await Promise.all([
        ledger.balances(db, owner, asset.code, exchangeBook(request.from)),
        ledger.balances(db, owner, asset.code, exchangeBook(request.to)),
      ]);
      return {
        journalId,
        from: balanceOf(asset, from[0]?.available ?? '0', from[0]?.frozen ?? '0'),
        to: balanceOf(asset, to[0]?.available ?? '0', to[0]?.frozen ?? '0'),
      };
    },

    /** The financial log of one account type's available money, newest first. */
    async flow(userId: string, request: AssetFlowRequest): Promise<Page<AssetFlowEntry>> {
      const page = await ledger.accountFlow(db, userOwner(userId), {
        kind: 'available',
        book: exchangeBook(request.accountType),
        currency: request.asset,
        type: request.type,
        from: request.from,
        to: request.to,
        page: request.page,
        size: request.size,
      });
      // A fill's journal credits the seller net of the fee and takes the buyer's fee from the
      // order's frozen funds, so the fee is read from the fill itself rather than posted again.
      const tradeIds = page.content.filter((e) => e.type === SPOT_TRADE && e.businessRef).map((e) => Number(e.businessRef));
      const fees = tradeIds.length > 0 ? await tradeFees(userId, tradeIds) : new Map<string, { asset: string; amount: string }>();
      const paid = (fee: { asset: string; amount: string } | undefined) => (fee && Decimal.parse(fee.amount).isPositive() ? fee : undefined);
      const feeOf = (entry: (typeof page.content)[number]) => {
        if (entry.type !== SPOT_TRADE || !entry.businessRef) return undefined;
        // The seller's line is in the quote asset the fee is paid in; the buyer's is in the base asset.
        const sold = fees.get(`${entry.businessRef}:sell`);
        if (sold && sold.asset === entry.currency) return paid(sold);
        const bought = fees.get(`${entry.businessRef}:buy`);
        return bought && bought.asset !== entry.currency ? paid(bought) : undefined;
      };
      return {
        ...page,
        content: page.content.map((entry) => ({
          id: entry.id,
          type: entry.type,
          description: entry.description,
          asset: entry.currency,
          accountType: request.accountType,
          amount: entry.amount,
          balanceAfter: entry.balanceAfter,
          createdAt: entry.createdAt,
          fee: feeOf(entry),
        })),
      };
    },
  };
}

export type AssetService = ReturnType<typeof createAssetService>;

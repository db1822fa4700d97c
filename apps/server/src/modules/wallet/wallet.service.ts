import { Decimal } from '@tp/decimal';
import {
  WsTopic,
  chainAddressProblem,
  type AddressBookEntry,
  type AdminWithdrawalRow,
  type CustodyRow,
  type DepositAddress,
  type DepositRecord,
  type ExchangeAsset,
  type JournalType,
  type Language,
  type Page,
  type RefillRow,
  type WalletSettings,
  type WithdrawPreview,
  type WithdrawRequest,
  type WithdrawalRecord,
} from '@tp/contract';
import { appendAudit, lastAuditOf } from '../../platform/audit/index';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, isUniqueViolation, pageWindow, withTransaction } from '../../platform/db/index';
import { appendEvent, type OutboxPublisher } from '../../platform/events/index';
import { AppError, ConflictError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { exchangeBook, userOwner } from '../asset/index';
import type { PaymentPasswordService, UserDirectory } from '../identity/index';
import { LedgerKind, PLATFORM_OWNER, feeIncome, type LedgerService } from '../ledger/index';
import { BroadcastError, type ChainAdapter } from './chain';
import { createCustody } from './custody';
import { CHAINS, deriveAddress, type Chain } from './hd';
import {
  AddressInvalidError,
  AmountPlacesError,
  BelowMinimumError,
  NotWhitelistedError,
  RefillDecidedError,
  SameApproverError,
  WalletClosedError,
  WithdrawFailedError,
} from './wallet.errors';
import { WalletEvents } from './wallet.events';
import * as repo from './wallet.repo';

/** A saved address is accepted in whitelist mode this long after it was added. */
const WHITELIST_DELAY_MS = 24 * 3_600_000;
/** The rebalance job's own cold-to-hot moves are limited per asset over this window. */
const AUTO_REFILL_WINDOW_MS = 24 * 3_600_000;

export interface WalletServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'balances' | 'account' | 'scaleOf'>;
  chain: ChainAdapter;
  assets: { list(): Promise<ExchangeAsset[]> };
  publisher: Pick<OutboxPublisher, 'flush'>;
  /** Checks the fund password before a withdrawal. */
  paymentPasswords: Pick<PaymentPasswordService, 'verify'>;
  /** Login accounts of users, for staff screens. */
  users: Pick<UserDirectory, 'accountsOf' | 'userIdsMatching'>;
  /** Account xpub per chain. */
  xpubs: Record<Chain, string>;
  /** Withdrawals worth up to this many USDT skip staff review. */
  autoApproveUsdt: string;
  /** Withdrawals worth more than this many USDT need a second, different staff member to execute them (maker–checker). */
  dualApprovalUsdt: string;
  /**
   * The rebalance job moves coins from cold storage to the hot wallet by itself up to this many
   * USDT worth per asset in 24 hours; more waits for staff. The dual-approval value when omitted
   * (a move larger than one staff member may approve alone is not made without one).
   */
  autoRefillUsdt?: string | undefined;
}

const spot = (userId: number | string, asset: string) => ({ ...userOwner(userId), currency: asset, kind: exchangeBook('spot').available });
const spotFrozen = (userId: number | string, asset: string) => ({ ...userOwner(userId), currency: asset, kind: exchangeBook('spot').frozen });
const clearing = (asset: string) => ({ ...PLATFORM_OWNER, currency: asset, kind: LedgerKind.chainClearing });

const NOT_YOURS = text('记录不存在', 'No such record', '記錄不存在');
const BELOW_MIN_NOTE = 'belowMinimum';
/** The audit action of a large withdrawal's first approval; the chain is where the second approver finds it. */
const FIRST_APPROVAL = 'wallet.withdrawal.first-approval';

export function createWalletService(deps: WalletServiceDeps) {
  const { db, clock, ledger, chain } = deps;
  const custody = createCustody({ clock, ledger });
  const autoRefillUsdt = deps.autoRefillUsdt ?? deps.dualApprovalUsdt;

  async function needsSecondApproval(row: { asset: string; amount: string }): Promise<boolean> {
    const asset = (await deps.assets.list()).find((a) => a.code === row.asset);
    return !asset || Decimal.parse(row.amount).mul(asset.usdtPrice).gt(deps.dualApprovalUsdt);
  }

  async function assetOf(code: string): Promise<ExchangeAsset & { chain: Chain }> {
    const asset = (await deps.assets.list()).find((a) => a.code === code);
    if (!asset || !CHAINS.includes(asset.chain as Chain)) throw new WalletClosedError();
    return asset as ExchangeAsset & { chain: Chain };
  }

  function checkPlaces(amount: string, asset: ExchangeAsset): Decimal {
    const value = Decimal.parse(amount);
    if (value.scale > asset.precision) throw new AmountPlacesError(asset.precision);
    return value;
  }

  async function spotAvailable(userId: number, asset: string): Promise<string> {
    const [row] = await ledger.balances(db, userOwner(userId), asset, exchangeBook('spot'));
    return row?.available ?? '0';
  }

  async function push(tx: DbOrTx, userId: number, payload: Record<string, unknown>): Promise<void> {
    await appendEvent(tx, { type: WalletEvents.changed, topic: WsTopic.user(String(userId)), push: 'wallet', payload });
  }

  /**
   * The address must be the chain's (format and checksum) and, in the user's whitelist mode, a
   * saved one that has been in the book for 24 hours.
   */
  async function checkAddress(userId: number, asset: ExchangeAsset & { chain: Chain }, address: string, lang: Language): Promise<void> {
    const problem = chainAddressProblem(asset.chain, address);
    if (problem) throw new AddressInvalidError(asset.chain, problem, lang);
    if (!(await repo.whitelistOnly(db, userId))) return;
    const saved = await repo.findBookEntry(db, userId, asset.code, address);
    if (!saved) throw new NotWhitelistedError(lang);
    const left = saved.usableAt.getTime() - clock.now().getTime();
    if (left > 0) throw new NotWhitelistedError(lang, Math.ceil(left / 3_600_000));
  }

  function toBookEntry(row: repo.BookRow): AddressBookEntry {
    return {
      id: String(row.id),
      asset: row.asset,
      label: row.label,
      address: row.address,
      createdAt: row.createdAt.toISOString(),
      usableAt: row.usableAt.toISOString(),
      usable: row.usableAt.getTime() <= clock.now().getTime(),
    };
  }

  function toRefill(row: repo.RefillRow): RefillRow {
    return {
      id: String(row.id),
      asset: row.asset,
      amount: Decimal.parse(row.amount).toString(),
      status: row.status,
      reason: row.reason,
      decidedBy: row.decidedBy,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function toDeposit(row: repo.DepositRow, required: number): DepositRecord {
    return {
      id: String(row.id),
      asset: row.asset,
      chain: row.chain as Chain,
      txid: row.txid,
      address: row.address,
      amount: Decimal.parse(row.amount).toString(),
      confirmations: Math.min(row.confirmations, required),
      required,
      status: row.status,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    };
  }

  function toWithdrawal(row: repo.WithdrawalRow): WithdrawalRecord {
    return {
      id: String(row.id),
      asset: row.asset,
      chain: row.chain as Chain,
      address: row.address,
      amount: Decimal.parse(row.amount).toString(),
      fee: Decimal.parse(row.fee).toString(),
      status: row.status,
      txid: row.txid,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * Amount and fee move between spot and its frozen account as two journals, so the financial log
   * shows the fee on a line of its own (held at request, returned with the amount).
   */
  async function holdOrReturn(tx: DbOrTx, row: { id: number; userId: number; asset: string; amount: string; fee: string }, direction: 'hold' | 'return', description: string): Promise<void> {
    const legs: readonly { type: JournalType; value: string }[] =
      direction === 'hold'
        ? [
            { type: 'wallet.withdraw.freeze', value: row.amount },
            { type: 'wallet.withdraw.fee', value: row.fee },
          ]
        : [
            { type: 'wallet.withdraw.release', value: row.amount },
            { type: 'wallet.withdraw.fee.release', value: row.fee },
          ];
    const [from, to] = direction === 'hold' ? [spot(row.userId, row.asset), spotFrozen(row.userId, row.asset)] : [spotFrozen(row.userId, row.asset), spot(row.userId, row.asset)];
    for (const leg of legs) {
      const value = Decimal.parse(leg.value);
      if (!value.isPositive()) continue;
      await ledger.post(tx, {
        idempotencyKey: `${leg.type}:${row.id}`,
        type: leg.type,
        description,
        businessRef: String(row.id),
        ...(direction === 'hold' ? { initiator: userOwner(row.userId) } : {}),
        postings: [
          { account: from, amount: value.neg().toString() },
          { account: to, amount: value.toString() },
        ],
      });
    }
  }


  /** Frozen amount + fee back to available: a rejected or failed withdrawal leaves nothing behind. */
  async function release(tx: DbOrTx, row: repo.WithdrawalRow, status: 'rejected' | 'failed', reason: string, reviewedBy = row.reviewedBy): Promise<void> {
    await holdOrReturn(tx, row, 'return', status);
    if (row.hotHeld) await custody.giveBack(tx, row);
    await repo.updateWithdrawal(tx, row.id, { status, reason, reviewedBy, hotHeld: false, updatedAt: clock.now() });
    await push(tx, row.userId, { kind: 'withdrawal', id: String(row.id), status });
  }

  /**
   * Sends an approved withdrawal from the hot wallet; a refusal by the node fails it and releases
   * the funds. The amount is taken out of the hot wallet first: when it holds less, the withdrawal
   * stays in processing and the hot wallet is refilled (by the job within its limit, else by staff).
   */
  async function broadcast(id: number): Promise<void> {
    const hold = () =>
      withTransaction(db, async (tx) => {
        const locked = await repo.findWithdrawal(tx, id, true);
        if (!locked || locked.status !== 'processing') return { row: undefined, short: false };
        if (locked.hotHeld) return { row: locked, short: false };
        if (!(await custody.take(tx, locked))) return { row: undefined, short: true, asset: locked.asset };
        await repo.updateWithdrawal(tx, id, { hotHeld: true, updatedAt: clock.now() });
        return { row: { ...locked, hotHeld: true }, short: false };
      });
    let held = await hold();
    if (held.short && held.asset) {
      await refill(held.asset);
      held = await hold();
    }
    const row = held.row;
    if (!row) return;
    let txid: string;
    try {
      txid = await chain.broadcast(row.chain as Chain, { address: row.address, asset: row.asset, amount: Decimal.parse(row.amount).toString() });
    } catch (error) {
      if (!(error instanceof BroadcastError)) throw error;
      await withTransaction(db, async (tx) => {
        const locked = await repo.findWithdrawal(tx, id, true);
        if (locked?.status === 'processing') await release(tx, locked, 'failed', 'broadcast refused');
      });
      return;
    }
    await withTransaction(db, async (tx) => {
      await repo.updateWithdrawal(tx, id, { status: 'in_transit', txid, updatedAt: clock.now() });
      await push(tx, row.userId, { kind: 'withdrawal', id: String(id), status: 'in_transit' });
    });
  }

  /**
   * Brings one asset's hot wallet to its target: a surplus goes to cold storage; a shortfall comes
   * from cold storage by itself up to the auto-refill value per 24 hours, and the rest becomes (or
   * updates) the one pending refill request staff decide on.
   */
  async function refill(assetCode: string): Promise<void> {
    const asset = (await deps.assets.list()).find((a) => a.code === assetCode);
    const waiting = Decimal.parse((await repo.waitingForHot(db, assetCode)).get(assetCode) ?? '0');
    await withTransaction(db, async (tx) => {
      const held = await custody.lock(tx, assetCode);
      const target = custody.target(assetCode, held, waiting);
      if (held.hot.gt(target)) await custody.move(tx, assetCode, held, 'hot_to_cold', held.hot.sub(target), 'rebalance');
      const shortfall = held.hot.gt(target) ? Decimal.ZERO : target.sub(held.hot);
      const need = shortfall.gt(held.cold) ? held.cold : shortfall;
      const dayLimit = asset && Decimal.parse(asset.usdtPrice).isPositive() ? Decimal.parse(autoRefillUsdt).div(asset.usdtPrice, ledger.scaleOf(assetCode)) : Decimal.ZERO;
      const limit = dayLimit.sub(await repo.autoRefilledSince(tx, assetCode, new Date(clock.now().getTime() - AUTO_REFILL_WINDOW_MS)));
      const auto = !limit.isPositive() ? Decimal.ZERO : need.gt(limit) ? limit : need;
      if (auto.isPositive()) await custody.move(tx, assetCode, held, 'cold_to_hot', auto, 'rebalance');
      const rest = need.sub(auto);
      const pending = await repo.pendingRefillForUpdate(tx, assetCode);
      const now = clock.now();
      if (!rest.isPositive()) {
        // Nothing is left for staff to move: a request still open is closed, not approved later by mistake.
        if (pending) await repo.updateRefill(tx, pending.id, { status: 'rejected', reason: 'covered by the rebalance job', decidedBy: 'rebalance', updatedAt: now });
        return;
      }
      if (!pending) await repo.insertRefill(tx, { asset: assetCode, amount: rest.toString(), status: 'pending', createdAt: now, updatedAt: now });
      else if (!Decimal.parse(pending.amount).eq(rest)) await repo.updateRefill(tx, pending.id, { amount: rest.toString(), updatedAt: now });
    });
  }

  return {
    /** The user's address on the asset's chain, derived once and the same ever after. */
    async depositAddress(userId: number, assetCode: string): Promise<DepositAddress> {
      const asset = await assetOf(assetCode);
      let row = await repo.findAddress(db, userId, asset.chain);
      for (let attempt = 0; !row && attempt < 5; attempt++) {
        try {
          await withTransaction(db, async (tx) => {
            const idx = await repo.nextAddressIndex(tx, asset.chain);
            await repo.insertAddress(tx, { userId, chain: asset.chain, idx, address: deriveAddress(asset.chain, deps.xpubs[asset.chain], idx), createdAt: clock.now() });
          });
        } catch (error) {
          // Another request took that index (or made this user's address): read again.
          if (!isUniqueViolation(error)) throw error;
        }
        row = await repo.findAddress(db, userId, asset.chain);
      }
      if (!row) throw new ConflictError(text('地址生成繁忙，请稍后重试', 'Address generation is busy; try again', '地址生成繁忙，請稍後重試'));
      return { asset: asset.code, chain: asset.chain, address: row.address, activated: row.activated, minDeposit: asset.minDeposit, confirmations: asset.confirmations };
    },

    async deposits(userId: number, query: { asset?: string | undefined; page: number; size: number }): Promise<Page<DepositRecord>> {
      const assets = await deps.assets.list();
      const { rows, total } = await repo.depositsOfUser(db, { userId, asset: query.asset, ...pageWindow(query) });
      const required = (code: string) => assets.find((a) => a.code === code)?.confirmations ?? 1;
      return { content: rows.map((row) => toDeposit(row, required(row.asset))), total, page: query.page, size: query.size };
    },

    async withdrawals(userId: number, query: { asset?: string | undefined; page: number; size: number }): Promise<Page<WithdrawalRecord>> {
      const { rows, total } = await repo.withdrawalsOfUser(db, { userId, asset: query.asset, ...pageWindow(query) });
      return { content: rows.map(toWithdrawal), total, page: query.page, size: query.size };
    },

    async preview(userId: number, request: { asset: string; amount: string }): Promise<WithdrawPreview> {
      const asset = await assetOf(request.asset);
      const amount = checkPlaces(request.amount, asset);
      return {
        asset: asset.code,
        amount: amount.toString(),
        fee: asset.withdrawFee,
        total: amount.add(asset.withdrawFee).toString(),
        available: await spotAvailable(userId, asset.code),
        minWithdraw: asset.minWithdraw,
        needsReview: amount.mul(asset.usdtPrice).gt(deps.autoApproveUsdt),
      };
    },

    /**
     * Freezes amount + fee from spot and records the withdrawal in one transaction (the ledger
     * refuses an overdraft, so racing requests cannot both spend the balance); small ones are
     * approved and sent at once, others wait for staff.
     */
    async withdraw(userId: number, request: WithdrawRequest, lang: Language): Promise<WithdrawalRecord> {
      const asset = await assetOf(request.asset);
      const amount = checkPlaces(request.amount, asset);
      if (amount.lt(asset.minWithdraw)) throw new BelowMinimumError(asset.minWithdraw, asset.code);
      await checkAddress(userId, asset, request.address, lang);
      const existing = await repo.findWithdrawalByRequest(db, userId, request.requestId);
      if (existing) return toWithdrawal(existing);
      await deps.paymentPasswords.verify({ userId, kind: 'fund', password: request.fundPassword });
      const autoApprove = !amount.mul(asset.usdtPrice).gt(deps.autoApproveUsdt);
      let row: repo.WithdrawalRow;
      try {
        row = await withTransaction(db, async (tx) => {
          const now = clock.now();
          const inserted = await repo.insertWithdrawal(tx, {
            userId,
            requestId: request.requestId,
            asset: asset.code,
            chain: asset.chain,
            address: request.address,
            amount: amount.toString(),
            fee: asset.withdrawFee,
            status: autoApprove ? 'processing' : 'review',
            reviewedBy: autoApprove ? 'auto' : '',
            createdAt: now,
            updatedAt: now,
          });
          await holdOrReturn(tx, inserted, 'hold', request.address);
          await push(tx, userId, { kind: 'withdrawal', id: String(inserted.id), status: inserted.status });
          return inserted;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const again = await repo.findWithdrawalByRequest(db, userId, request.requestId);
          if (again) return toWithdrawal(again);
        }
        // Refusals the user can act on (balance, password) keep their words; anything else is the spec's "retry later".
        if (error instanceof AppError) throw error;
        throw new WithdrawFailedError(undefined, 503);
      }
      await deps.publisher.flush();
      if (autoApprove) await broadcast(row.id);
      return toWithdrawal((await repo.findWithdrawal(db, row.id)) ?? row);
    },

    async addressBook(userId: number): Promise<AddressBookEntry[]> {
      return (await repo.listBook(db, userId)).map(toBookEntry);
    },

    /** Saves an address; whitelist mode accepts it 24 hours later, so a taken-over session cannot add and use one at once. */
    async addToBook(userId: number, entry: { asset: string; label: string; address: string }, lang: Language): Promise<AddressBookEntry[]> {
      const asset = await assetOf(entry.asset);
      const problem = chainAddressProblem(asset.chain, entry.address);
      if (problem) throw new AddressInvalidError(asset.chain, problem, lang);
      const now = clock.now();
      await repo.insertBook(db, { userId, asset: asset.code, label: entry.label, address: entry.address, createdAt: now, usableAt: new Date(now.getTime() + WHITELIST_DELAY_MS) });
      return this.addressBook(userId);
    },

    async settings(userId: number): Promise<WalletSettings> {
      return { whitelistOnly: await repo.whitelistOnly(db, userId) };
    },

    /** Whitelist mode on or off, with the fund password (turning it off would open withdrawals to any address). */
    async saveSettings(userId: number, request: { whitelistOnly: boolean; fundPassword: string }): Promise<WalletSettings> {
      await deps.paymentPasswords.verify({ userId, kind: 'fund', password: request.fundPassword });
      await repo.saveSettings(db, userId, request.whitelistOnly, clock.now());
      return this.settings(userId);
    },

    async removeFromBook(userId: number, id: string): Promise<AddressBookEntry[]> {
      if (!(await repo.deleteBook(db, userId, Number(id)))) throw new NotFoundError(NOT_YOURS);
      return this.addressBook(userId);
    },

    /**
     * One pass of the chain watcher: records deposits to users' addresses, credits each exactly
     * once at the asset's confirmations, and settles or fails withdrawals in transit. Safe to run
     * twice at once or again after a restart: the deposit row is locked and the journal is keyed.
     */
    async watch(): Promise<void> {
      const assets = await deps.assets.list();
      for (const chainName of CHAINS) {
        const txs = await chain.incoming(chainName);
        const known = new Map((await repo.addressesIn(db, chainName, [...new Set(txs.map((t) => t.address))])).map((a) => [a.address, a]));
        for (const tx of txs) {
          const address = known.get(tx.address);
          const asset = assets.find((a) => a.code === tx.asset && a.chain === chainName);
          if (!address || !asset) continue;
          await repo.insertDepositIfAbsent(db, {
            userId: address.userId,
            asset: asset.code,
            chain: chainName,
            txid: tx.txid,
            vout: tx.vout,
            address: tx.address,
            amount: tx.amount,
            confirmations: tx.confirmations,
            status: 'confirming',
            createdAt: clock.now(),
          });
          await withTransaction(db, async (dbTx) => {
            const deposit = await repo.findDepositForUpdate(dbTx, chainName, tx.txid, tx.vout);
            if (!deposit || deposit.status !== 'confirming') return;
            if (tx.confirmations < asset.confirmations) {
              if (tx.confirmations !== deposit.confirmations) {
                await repo.updateDeposit(dbTx, deposit.id, { confirmations: tx.confirmations });
                await push(dbTx, deposit.userId, { kind: 'deposit', id: String(deposit.id), confirmations: tx.confirmations });
              }
              return;
            }
            const current = (await repo.addressesIn(dbTx, chainName, [tx.address]))[0];
            const belowMinimum = Decimal.parse(tx.amount).lt(asset.minDeposit);
            if (!current?.activated && belowMinimum) {
              // The first deposit must reach the minimum to activate the address; a smaller one is recorded, not credited.
              await repo.updateDeposit(dbTx, deposit.id, { confirmations: tx.confirmations, status: 'completed', note: BELOW_MIN_NOTE });
            } else {
              await ledger.post(dbTx, {
                idempotencyKey: `wallet.deposit:${chainName}:${tx.txid}:${tx.vout}`,
                type: 'wallet.deposit',
                description: tx.txid,
                businessRef: String(deposit.id),
                postings: [
                  { account: clearing(asset.code), amount: `-${Decimal.parse(tx.amount).toString()}` },
                  { account: spot(deposit.userId, asset.code), amount: Decimal.parse(tx.amount).toString() },
                ],
              });
              await custody.deposit(dbTx, asset.code, Decimal.parse(tx.amount), `${chainName}:${tx.txid}:${tx.vout}`);
              if (current && !current.activated) await repo.activateAddress(dbTx, current.id);
              await repo.updateDeposit(dbTx, deposit.id, { confirmations: tx.confirmations, status: 'completed', creditedAt: clock.now() });
            }
            await push(dbTx, deposit.userId, { kind: 'deposit', id: String(deposit.id), status: 'completed' });
          });
        }
      }
      for (const row of await repo.withdrawalsWithStatus(db, 'processing')) await broadcast(row.id);
      for (const row of await repo.withdrawalsWithStatus(db, 'in_transit')) {
        const asset = assets.find((a) => a.code === row.asset);
        const state = await chain.status(row.chain as Chain, row.txid);
        if (!asset || !state) continue;
        if (!state.failed && state.confirmations < asset.confirmations) continue;
        await withTransaction(db, async (tx) => {
          const locked = await repo.findWithdrawal(tx, row.id, true);
          if (locked?.status !== 'in_transit') return;
          if (state.failed) {
            await release(tx, locked, 'failed', 'dropped by the chain');
            return;
          }
          const total = Decimal.parse(locked.amount).add(locked.fee).toString();
          await ledger.post(tx, {
            idempotencyKey: `wallet.withdraw.settle:${locked.id}`,
            type: 'wallet.withdraw',
            description: locked.txid,
            businessRef: String(locked.id),
            postings: [
              { account: spotFrozen(locked.userId, locked.asset), amount: `-${total}` },
              { account: clearing(locked.asset), amount: Decimal.parse(locked.amount).toString() },
              { account: feeIncome(locked.asset), amount: Decimal.parse(locked.fee).toString() },
            ],
          });
          // Sent before the hot wallet was kept in the ledger: its amount leaves custody now.
          if (!locked.hotHeld) await custody.take(tx, locked);
          await repo.updateWithdrawal(tx, locked.id, { status: 'completed', updatedAt: clock.now() });
          await push(tx, locked.userId, { kind: 'withdrawal', id: String(locked.id), status: 'completed' });
        });
      }
      await deps.publisher.flush();
    },

    async adminWithdrawals(query: { status?: WithdrawalRecord['status'] | undefined; keyword?: string | undefined; page: number; size: number }): Promise<Page<AdminWithdrawalRow>> {
      const userIds = query.keyword ? await deps.users.userIdsMatching(query.keyword) : undefined;
      const { rows, total } = await repo.adminWithdrawals(db, { status: query.status, userIds, ...pageWindow(query) });
      const accounts = await deps.users.accountsOf([...new Set(rows.map((r) => r.userId))]);
      return {
        content: rows.map((row) => ({ ...toWithdrawal(row), userId: String(row.userId), account: accounts.get(row.userId) ?? '', reviewedBy: row.reviewedBy })),
        total,
        page: query.page,
        size: query.size,
      };
    },

    /** Staff approve (then it is sent) or reject with a reason (the funds are released); once, audited. */
    async adminDecide(staff: AuthContext, decision: { id: string; approve: boolean; reason?: string | undefined }): Promise<WithdrawalRecord> {
      const id = Number(decision.id);
      let executed = false;
      // Asset and amount never change; reading them (and the asset list) outside the transaction keeps its connection free.
      const pending = await repo.findWithdrawal(db, id);
      const dual = decision.approve && pending !== undefined && (await needsSecondApproval(pending));
      await withTransaction(db, async (tx) => {
        const row = await repo.findWithdrawal(tx, id, true);
        if (!row) throw new NotFoundError(NOT_YOURS);
        if (row.status !== 'review') throw new ConflictError(text('该提现已处理', 'This withdrawal has already been decided', '該提現已處理'));
        if (dual) {
          const first = await lastAuditOf(tx, { objectType: 'withdrawal', objectId: String(id), actions: [FIRST_APPROVAL] });
          if (!first) {
            await appendAudit(tx, {
              at: clock.now(),
              actorKind: 'staff',
              actorId: staff.userId,
              action: FIRST_APPROVAL,
              objectType: 'withdrawal',
              objectId: String(id),
              detail: { userId: row.userId, asset: row.asset, amount: row.amount, reason: decision.reason ?? '' },
            });
            return;
          }
          if (first.actorId === staff.userId) throw new SameApproverError();
        }
        if (decision.approve) {
          await repo.updateWithdrawal(tx, id, { status: 'processing', reviewedBy: staff.userId, updatedAt: clock.now() });
          await push(tx, row.userId, { kind: 'withdrawal', id: String(id), status: 'processing' });
        } else {
          await release(tx, row, 'rejected', decision.reason ?? '', staff.userId);
        }
        await appendAudit(tx, {
          at: clock.now(),
          actorKind: 'staff',
          actorId: staff.userId,
          action: decision.approve ? 'wallet.withdrawal.approve' : 'wallet.withdrawal.reject',
          objectType: 'withdrawal',
          objectId: String(id),
          detail: { userId: row.userId, asset: row.asset, amount: row.amount, reason: decision.reason ?? '' },
        });
        executed = true;
      });
      await deps.publisher.flush();
      if (executed && decision.approve) await broadcast(id);
      const row = await repo.findWithdrawal(db, id);
      if (!row) throw new NotFoundError(NOT_YOURS);
      return toWithdrawal(row);
    },

    /**
     * Keeps each asset's hot wallet at 2% of custody (more while approved withdrawals wait for it),
     * recording every move; then sends what was waiting.
     */
    async rebalance(): Promise<void> {
      for (const row of await repo.listCustody(db)) await refill(row.asset);
      for (const row of await repo.withdrawalsWithStatus(db, 'processing')) await broadcast(row.id);
      await deps.publisher.flush();
    },

    async custody(): Promise<CustodyRow[]> {
      const [rows, moves, waiting] = await Promise.all([repo.listCustody(db), repo.lastMoves(db), repo.waitingForHot(db)]);
      return rows.map((row) => ({
        asset: row.asset,
        hot: Decimal.parse(row.hot).toString(),
        cold: Decimal.parse(row.cold).toString(),
        total: Decimal.parse(row.hot).add(row.cold).toString(),
        waiting: Decimal.parse(waiting.get(row.asset) ?? '0').toString(),
        lastMoveAt: moves.get(row.asset)?.toISOString() ?? '',
      }));
    },

    async refills(query: { status?: RefillRow['status'] | undefined; keyword?: string | undefined; page: number; size: number }): Promise<Page<RefillRow>> {
      const { rows, total } = await repo.refillsPage(db, { status: query.status, asset: query.keyword?.toUpperCase() || undefined, ...pageWindow(query) });
      return { content: rows.map(toRefill), total, page: query.page, size: query.size };
    },

    /**
     * Staff approve a cold-to-hot refill (the coins move, at most what cold storage holds) or reject
     * it with a reason; once, audited in the same transaction. Waiting withdrawals are sent after.
     */
    async decideRefill(staff: AuthContext, decision: { id: string; approve: boolean; reason?: string | undefined }): Promise<RefillRow> {
      const id = Number(decision.id);
      const unlocked = await repo.findRefill(db, id);
      if (!unlocked) throw new NotFoundError(NOT_YOURS);
      const decided = await withTransaction(db, async (tx) => {
        // Custody first, then the request: the order the rebalance job takes them in, so the two never deadlock.
        const held = await custody.lock(tx, unlocked.asset);
        const row = await repo.findRefill(tx, id, true);
        if (!row) throw new NotFoundError(NOT_YOURS);
        if (row.status !== 'pending') throw new RefillDecidedError();
        let moved = Decimal.ZERO;
        if (decision.approve) {
          const wanted = Decimal.parse(row.amount);
          moved = wanted.gt(held.cold) ? held.cold : wanted;
          if (moved.isPositive()) await custody.move(tx, row.asset, held, 'cold_to_hot', moved, staff.userId);
        }
        const now = clock.now();
        await repo.updateRefill(tx, id, { status: decision.approve ? 'approved' : 'rejected', reason: decision.reason ?? '', decidedBy: staff.userId, updatedAt: now });
        await appendAudit(tx, {
          at: now,
          actorKind: 'staff',
          actorId: staff.userId,
          action: decision.approve ? 'wallet.refill.approve' : 'wallet.refill.reject',
          objectType: 'wallet_refill',
          objectId: String(id),
          detail: { asset: row.asset, requested: row.amount, moved: moved.toString(), reason: decision.reason ?? '' },
        });
        return (await repo.findRefill(tx, id)) ?? row;
      });
      if (decision.approve) {
        for (const row of await repo.withdrawalsWithStatus(db, 'processing')) if (row.asset === decided.asset) await broadcast(row.id);
        await deps.publisher.flush();
      }
      return toRefill(decided);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

import { randomBytes } from 'node:crypto';
import { Decimal } from '@tp/decimal';
import {
  CapitalJournalType,
  FundDirection,
  PayState,
  SignState,
  WsTopic,
  type AdminOperation,
  type BankAccountFields,
  type BankCallback,
  type BankChannelId,
  type CapitalFlowRequest,
  type CapitalInfo,
  type FirmFunds,
  type FundDealflag,
  type IcbcDocumentRequest,
  type IcbcInfo,
  type Language,
  type LedgerFlowPage,
  type Page,
  type SignRecord,
  type TransferRecord,
} from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, isUniqueViolation, pageWindow, withTransaction } from '../../platform/db/index';
import { appendEvent, type OutboxPublisher } from '../../platform/events/index';
import { NotFoundError, type AuthContext } from '../../platform/http/index';
import { appendAudit } from '../../platform/audit/index';
import type { PaymentPasswordService } from '../identity/index';
import { FUND_CURRENCY, PLATFORM_OWNER, Postings, firmFund, firmFundPair, type AccountRef, type LedgerService } from '../ledger/index';
import { assertBankFunctionOpen } from '../system/index';
import type { FirmService, RightCode } from '../firm/index';
import {
  CALLBACK_WINDOW_MS,
  CHANNEL_IDS,
  CHANNEL_NAMES,
  CLEARING_KIND,
  allBankList,
  callbackKey,
  callbackSignatureValid,
  channelList,
  isChannelId,
  type BankChannel,
  type BankOutbound,
} from './channel';
import {
  AlreadySignedError,
  BankUnavailableError,
  CallbackRefusedError,
  CallbackReplayedError,
  CannotRetryError,
  DocumentRequiredError,
  NotSignedError,
  PayingTransfersError,
  SignInTransitError,
  UnknownBankError,
} from './bank.errors';
import { BankEvents } from './bank.events';
import * as repo from './bank.repo';

const NOT_FOUND = { cn: '记录不存在', en: 'No such record', tw: '記錄不存在' };

const clearing = (bankId: BankChannelId): AccountRef => ({ ...PLATFORM_OWNER, currency: FUND_CURRENCY, kind: CLEARING_KIND[bankId] });

export interface BankServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'balances' | 'accountFlow'>;
  firm: Pick<FirmService, 'requireRight' | 'getFirms' | 'listFirms'>;
  channels: Readonly<Record<BankChannelId, BankChannel>>;
  publisher: Pick<OutboxPublisher, 'flush'>;
  /** Checks the fund password before money leaves. */
  paymentPasswords: Pick<PaymentPasswordService, 'verify'>;
  /** Callbacks are verified with each bank's key, derived from this secret. */
  secret: string;
}

export interface BankAnswer {
  status: 'success' | 'failed';
  bankSerial: string;
  reason?: string | undefined;
}

export function createBankService(deps: BankServiceDeps) {
  const { db, clock, ledger, firm } = deps;
  const keys = new Map(CHANNEL_IDS.map((id) => [id, callbackKey(deps.secret, id)]));

  const firmIdOf = (auth: AuthContext) => Number(auth.firmId);
  const newRequestNo = (bankId: BankChannelId, kind: string) =>
    `${bankId.toUpperCase()}${kind.slice(0, 1).toUpperCase()}${clock.now().getTime().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

  async function allow(auth: AuthContext, right: RightCode, options: { icbc?: boolean } = {}): Promise<void> {
    if (options.icbc) await assertBankFunctionOpen(db);
    await firm.requireRight(auth, right);
  }

  /** The channel a row is on, named in the reader's language. */
  function channelOf(row: { bankId: string }, lang: Language) {
    const bankId = row.bankId as BankChannelId;
    return { bankId, bankName: CHANNEL_NAMES[bankId]?.[lang] ?? bankId };
  }

  function toSign(row: repo.SignRow, lang: Language): SignRecord {
    return {
      infoId: String(row.id),
      ...channelOf(row, lang),
      status: row.status,
      pendingOp: row.pendingOp,
      bankAccount: row.bankAccount,
      bankAccountName: row.bankAccountName,
      openBankName: row.openBankName,
      openBankNum: row.openBankNum,
      subAccount: row.subAccount,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function toTransfer(row: repo.TransferRow, lang: Language): TransferRecord {
    return {
      id: String(row.id),
      ...channelOf(row, lang),
      fundDealflag: row.fundDealflag,
      payChannel: row.payChannel,
      amount: Decimal.parse(row.amount).truncate(2).toFixed(2),
      status: row.status,
      attempt: row.attempt,
      bankSerial: row.bankSerial,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function history(tx: DbOrTx, objectType: 'sign' | 'transfer', objectId: number, from: string, to: string, actor: string, reason = ''): Promise<void> {
    await repo.insertHistory(tx, { objectType, objectId, fromStatus: from, toStatus: to, actor, reason, createdAt: clock.now() });
  }

  async function push(tx: DbOrTx, firmId: number, payload: Record<string, unknown>): Promise<void> {
    await appendEvent(tx, { type: BankEvents.changed, topic: WsTopic.firm(String(firmId)), push: 'bank', payload });
  }

  async function balanceOf(firmId: number) {
    const [row] = await ledger.balances(db, { ownerType: 'firm', ownerId: String(firmId) }, FUND_CURRENCY);
    return row ?? { currency: FUND_CURRENCY, available: '0', frozen: '0', total: '0' };
  }

  /**
   * Hands a request to its bank after the transaction that recorded it committed. A bank that
   * refuses to take it fails the request at once (a withdrawal's money is released).
   */
  async function submit(bankId: BankChannelId, request: BankOutbound): Promise<void> {
    try {
      await deps.channels[bankId].submit(request);
    } catch {
      await applyAnswer(request.requestNo, { status: 'failed', bankSerial: '', reason: 'bank unavailable' }, 'system');
      throw new BankUnavailableError();
    }
  }

  // ---- answers: one path for callbacks and reconciliation, so money moves exactly once ----------

  async function applyToTransfer(tx: DbOrTx, request: repo.RequestRow, answer: BankAnswer, actor: string): Promise<void> {
    const transfer = request.transferId === null ? undefined : await repo.transferById(tx, request.transferId, true);
    // An answer to an earlier attempt, or to a transfer already settled, moves nothing.
    if (!transfer || transfer.requestNo !== request.requestNo || transfer.status !== PayState.paying) return;
    const bankId = transfer.bankId as BankChannelId;
    const amount = Decimal.parse(transfer.amount).toString();
    const now = clock.now();
    if (answer.status === 'success') {
      const deposit = transfer.fundDealflag === FundDirection.in;
      await ledger.post(tx, {
        idempotencyKey: deposit ? `bank.deposit:${transfer.id}` : `bank.withdraw:${transfer.id}`,
        type: deposit ? CapitalJournalType.deposit : CapitalJournalType.withdraw,
        description: answer.bankSerial,
        businessRef: String(transfer.id),
        postings: deposit
          ? [
              { account: clearing(bankId), amount: `-${amount}` },
              { account: firmFund(transfer.firmId), amount },
            ]
          : Postings.settleFrozen({ from: firmFund(transfer.firmId, 'frozen'), to: clearing(bankId), amount }),
      });
      await repo.updateTransfer(tx, transfer.id, { status: PayState.succeeded, bankSerial: answer.bankSerial, reason: '', settledAt: now, updatedAt: now });
      await history(tx, 'transfer', transfer.id, PayState.paying, PayState.succeeded, actor);
    } else {
      if (transfer.fundDealflag === FundDirection.out) {
        await ledger.post(tx, {
          idempotencyKey: `bank.withdraw.release:${transfer.id}:${transfer.attempt}`,
          type: CapitalJournalType.withdrawRelease,
          description: answer.reason ?? '',
          businessRef: String(transfer.id),
          postings: Postings.release(firmFundPair(transfer.firmId), amount),
        });
      }
      await repo.updateTransfer(tx, transfer.id, { status: PayState.failed, bankSerial: answer.bankSerial, reason: answer.reason ?? '', updatedAt: now });
      await history(tx, 'transfer', transfer.id, PayState.paying, PayState.failed, actor, answer.reason ?? '');
    }
    await push(tx, transfer.firmId, { kind: 'transfer', id: String(transfer.id), status: answer.status === 'success' ? PayState.succeeded : PayState.failed });
  }

  async function applyToSign(tx: DbOrTx, request: repo.RequestRow, answer: BankAnswer, actor: string): Promise<void> {
    const sign = request.signId === null ? undefined : await repo.signById(tx, request.signId);
    if (!sign || sign.status !== SignState.inTransit || sign.pendingOp !== request.kind) return;
    const ok = answer.status === 'success';
    const now = clock.now();
    let to: repo.SignRow['status'];
    const patch: Partial<repo.SignRow> = { pendingOp: '', pendingAccount: null, reason: ok ? '' : (answer.reason ?? ''), updatedAt: now };
    if (request.kind === 'sign') {
      // A refused ICBC sign falls back to its document; elsewhere the sign ends.
      to = ok ? SignState.signed : sign.subAccount ? SignState.unsigned : SignState.terminated;
    } else if (request.kind === 'modify') {
      to = SignState.signed;
      if (ok && sign.pendingAccount) Object.assign(patch, sign.pendingAccount);
    } else {
      to = ok ? SignState.terminated : SignState.signed;
    }
    await repo.updateSign(tx, sign.id, { ...patch, status: to });
    await history(tx, 'sign', sign.id, SignState.inTransit, to, actor, ok ? request.kind : (answer.reason ?? ''));
    await push(tx, sign.firmId, { kind: 'sign', id: String(sign.id), status: to });
  }

  /** Applies a bank's answer to its request; 'duplicate' when the request was answered before. */
  async function applyAnswer(requestNo: string, answer: BankAnswer, actor: string, tx?: DbOrTx): Promise<'applied' | 'duplicate' | 'unknown'> {
    const work = async (t: DbOrTx) => {
      const request = await repo.findRequest(t, requestNo, true);
      if (!request) return 'unknown' as const;
      if (request.status !== 'pending') return 'duplicate' as const;
      await repo.updateRequest(t, requestNo, { status: answer.status === 'success' ? 'succeeded' : 'failed', reason: answer.reason ?? '', answeredAt: clock.now() });
      if (request.kind === 'deposit' || request.kind === 'withdraw') await applyToTransfer(t, request, answer, actor);
      else await applyToSign(t, request, answer, actor);
      return 'applied' as const;
    };
    const outcome = tx ? await work(tx) : await withTransaction(db, work);
    if (!tx) await deps.publisher.flush();
    return outcome;
  }

  // ---- signing --------------------------------------------------------------------------------

  /**
   * One transaction moves the sign to `3 in transit` (`prepare`) and records its bank request;
   * the request is sent after the commit.
   */
  async function startSignOp(
    auth: AuthContext,
    kind: 'sign' | 'modify' | 'unsign',
    prepare: (tx: DbOrTx) => Promise<{ signId: number; from: string; bankId: BankChannelId; account: string }>,
  ): Promise<number> {
    const firmId = firmIdOf(auth);
    let started: { signId: number; from: string; bankId: BankChannelId; account: string; requestNo: string };
    try {
      started = await withTransaction(db, async (tx) => {
        const op = await prepare(tx);
        const requestNo = newRequestNo(op.bankId, kind);
        await repo.insertRequest(tx, { requestNo, bankId: op.bankId, kind, firmId, signId: op.signId, status: 'pending', createdAt: clock.now() });
        await history(tx, 'sign', op.signId, op.from, SignState.inTransit, auth.userId, kind);
        await push(tx, firmId, { kind: 'sign', id: String(op.signId), status: SignState.inTransit });
        return { ...op, requestNo };
      });
    } catch (error) {
      // Two first signs of one channel at once: the live-sign index lets one through.
      if (isUniqueViolation(error)) throw new SignInTransitError();
      throw error;
    }
    await deps.publisher.flush();
    await submit(started.bankId, { requestNo: started.requestNo, kind, account: started.account });
    return started.signId;
  }

  async function signRow(firmId: number, id: number, lang: Language): Promise<SignRecord> {
    const row = await repo.signOfFirm(db, firmId, id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return toSign(row, lang);
  }

  // ---- transfers ------------------------------------------------------------------------------

  async function move(
    auth: AuthContext,
    request: { bankId: BankChannelId; amount: string; pwd: string; requestId: string; fundDealflag: FundDealflag },
    lang: Language,
  ): Promise<TransferRecord> {
    const firmId = firmIdOf(auth);
    await allow(auth, request.fundDealflag === FundDirection.in ? 'capital.deposit' : 'capital.withdraw', { icbc: request.bankId === 'icbc' });
    const existing = await repo.transferByRequestId(db, firmId, request.requestId);
    if (existing) return toTransfer(existing, lang);
    const sign = await repo.liveSign(db, firmId, request.bankId);
    if (!sign || sign.status !== SignState.signed) throw new NotSignedError();
    await deps.paymentPasswords.verify({ userId: Number(auth.userId), kind: 'fund', password: request.pwd });
    const amount = Decimal.parse(request.amount).truncate(2);
    const kind = request.fundDealflag === FundDirection.in ? 'deposit' : 'withdraw';
    const requestNo = newRequestNo(request.bankId, kind);
    let row: repo.TransferRow;
    try {
      row = await withTransaction(db, async (tx) => {
        const now = clock.now();
        const inserted = await repo.insertTransfer(tx, {
          firmId,
          userId: Number(auth.userId),
          bankId: request.bankId,
          signId: sign.id,
          fundDealflag: request.fundDealflag,
          amount: amount.toString(),
          status: PayState.paying,
          requestId: request.requestId,
          requestNo,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertRequest(tx, { requestNo, bankId: request.bankId, kind, firmId, transferId: inserted.id, amount: amount.toString(), status: 'pending', createdAt: now });
        if (kind === 'withdraw') await freeze(tx, inserted, auth.userId);
        await history(tx, 'transfer', inserted.id, '', PayState.paying, auth.userId);
        await push(tx, firmId, { kind: 'transfer', id: String(inserted.id), status: PayState.paying });
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const again = await repo.transferByRequestId(db, firmId, request.requestId);
        if (again) return toTransfer(again, lang);
      }
      throw error;
    }
    await deps.publisher.flush();
    await submit(request.bankId, { requestNo, kind, account: sign.bankAccount, amount: amount.toString() });
    return toTransfer((await repo.transferById(db, row.id)) ?? row, lang);
  }

  /** Withdrawal: the amount leaves available for frozen when asked; the ledger refuses an overdraft. */
  async function freeze(tx: DbOrTx, transfer: repo.TransferRow, userId: string): Promise<void> {
    const amount = Decimal.parse(transfer.amount).toString();
    await ledger.post(tx, {
      idempotencyKey: `bank.withdraw.freeze:${transfer.id}:${transfer.attempt}`,
      type: CapitalJournalType.withdrawFreeze,
      description: transfer.requestNo,
      businessRef: String(transfer.id),
      initiator: { ownerType: 'user', ownerId: userId },
      postings: Postings.freeze(firmFundPair(transfer.firmId), amount),
    });
  }

  return {
    applyAnswer,
    bankList: (lang: Language) => channelList(lang),
    allBankList: (lang: Language) => allBankList(lang),

    async info(auth: AuthContext, lang: Language): Promise<CapitalInfo> {
      await allow(auth, 'capital.view');
      const firmId = firmIdOf(auth);
      const [balance, signs, paying] = await Promise.all([
        balanceOf(firmId),
        repo.signsOfFirm(db, firmId),
        repo.transfersOfFirm(db, { firmId, status: PayState.paying, offset: 0, limit: 50 }),
      ]);
      return { balance, signs: signs.filter((s) => s.status !== SignState.terminated).map((s) => toSign(s, lang)), paying: paying.rows.map((r) => toTransfer(r, lang)) };
    },

    async icbcInfo(auth: AuthContext, lang: Language): Promise<IcbcInfo> {
      await allow(auth, 'capital.view', { icbc: true });
      const firmId = firmIdOf(auth);
      const [balance, sign, payments] = await Promise.all([
        balanceOf(firmId),
        repo.liveSign(db, firmId, 'icbc'),
        repo.transfersOfFirm(db, { firmId, bankId: 'icbc', offset: 0, limit: 10 }),
      ]);
      return { balance, sign: sign ? toSign(sign, lang) : null, payments: payments.rows.map((r) => toTransfer(r, lang)) };
    },

    async signList(auth: AuthContext, bankId: BankChannelId | undefined, lang: Language, options: { icbc?: boolean } = {}): Promise<SignRecord[]> {
      await allow(auth, 'capital.view', options);
      return (await repo.signsOfFirm(db, firmIdOf(auth), bankId)).map((s) => toSign(s, lang));
    },

    /** ICBC document (建档): the bank opens a sub-account at once; the firm's ICBC sign starts `0 unsigned`. */
    async icbcDocument(auth: AuthContext, request: IcbcDocumentRequest, lang: Language): Promise<SignRecord> {
      await allow(auth, 'capital.sign', { icbc: true });
      const firmId = firmIdOf(auth);
      if (await repo.liveSign(db, firmId, 'icbc')) throw new AlreadySignedError();
      const { subAccount } = await deps.channels.icbc.openDocument({ firmId: auth.firmId, bankAccountName: request.bankAccountName, certNo: request.certNo });
      try {
        const row = await withTransaction(db, async (tx) => {
          const now = clock.now();
          const inserted = await repo.insertSign(tx, {
            firmId,
            bankId: 'icbc',
            status: SignState.unsigned,
            bankAccountName: request.bankAccountName,
            certType: request.certType,
            certNo: request.certNo,
            contactPhone: request.contactPhone,
            subAccount,
            createdBy: Number(auth.userId),
            createdAt: now,
            updatedAt: now,
          });
          await history(tx, 'sign', inserted.id, '', SignState.unsigned, auth.userId, 'document');
          return inserted;
        });
        return toSign(row, lang);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AlreadySignedError();
        throw error;
      }
    },

    async sign(auth: AuthContext, request: BankAccountFields & { bankId: BankChannelId }, lang: Language): Promise<SignRecord> {
      await allow(auth, 'capital.sign', { icbc: request.bankId === 'icbc' });
      const firmId = firmIdOf(auth);
      const account = { bankAccount: request.bankAccount, bankAccountName: request.bankAccountName, openBankName: request.openBankName, openBankNum: request.openBankNum };
      const signId = await startSignOp(auth, 'sign', async (tx) => {
        const live = await repo.liveSign(tx, firmId, request.bankId, true);
        const now = clock.now();
        const op = { bankId: request.bankId, account: request.bankAccount };
        if (request.bankId === 'icbc') {
          if (!live) throw new DocumentRequiredError();
          if (live.status === SignState.inTransit) throw new SignInTransitError();
          if (live.status !== SignState.unsigned) throw new AlreadySignedError();
          await repo.updateSign(tx, live.id, { ...account, status: SignState.inTransit, pendingOp: 'sign', reason: '', updatedAt: now });
          return { ...op, signId: live.id, from: SignState.unsigned };
        }
        if (live) throw live.status === SignState.inTransit ? new SignInTransitError() : new AlreadySignedError();
        const inserted = await repo.insertSign(tx, { firmId, bankId: request.bankId, ...account, status: SignState.inTransit, pendingOp: 'sign', createdBy: Number(auth.userId), createdAt: now, updatedAt: now });
        return { ...op, signId: inserted.id, from: '' };
      });
      return signRow(firmId, signId, lang);
    },

    async modifySign(auth: AuthContext, request: BankAccountFields & { infoId: string }, lang: Language): Promise<SignRecord> {
      await allow(auth, 'capital.sign');
      const firmId = firmIdOf(auth);
      const id = Number(request.infoId);
      const pendingAccount = { bankAccount: request.bankAccount, bankAccountName: request.bankAccountName, openBankName: request.openBankName, openBankNum: request.openBankNum };
      await startSignOp(auth, 'modify', async (tx) => {
        const row = await repo.signOfFirm(tx, firmId, id, true);
        if (!row) throw new NotFoundError(NOT_FOUND);
        if (row.bankId === 'icbc') await assertBankFunctionOpen(tx);
        if (row.status === SignState.inTransit) throw new SignInTransitError();
        if (row.status !== SignState.signed) throw new NotSignedError();
        await repo.updateSign(tx, id, { status: SignState.inTransit, pendingOp: 'modify', pendingAccount, reason: '', updatedAt: clock.now() });
        return { signId: id, from: SignState.signed, bankId: row.bankId as BankChannelId, account: request.bankAccount };
      });
      return signRow(firmId, id, lang);
    },

    async signOut(auth: AuthContext, infoId: string, lang: Language): Promise<SignRecord> {
      await allow(auth, 'capital.sign');
      const firmId = firmIdOf(auth);
      const id = Number(infoId);
      await startSignOp(auth, 'unsign', async (tx) => {
        const row = await repo.signOfFirm(tx, firmId, id, true);
        if (!row) throw new NotFoundError(NOT_FOUND);
        if (row.bankId === 'icbc') await assertBankFunctionOpen(tx);
        if (row.status === SignState.inTransit) throw new SignInTransitError();
        if (row.status !== SignState.signed) throw new NotSignedError();
        if ((await repo.payingOfSign(tx, id)) > 0) throw new PayingTransfersError();
        await repo.updateSign(tx, id, { status: SignState.inTransit, pendingOp: 'unsign', reason: '', updatedAt: clock.now() });
        return { signId: id, from: SignState.signed, bankId: row.bankId as BankChannelId, account: row.bankAccount };
      });
      return signRow(firmId, id, lang);
    },

    fundIn: (auth: AuthContext, request: { bankId: BankChannelId; amount: string; pwd: string; requestId: string }, lang: Language) =>
      move(auth, { ...request, fundDealflag: FundDirection.in }, lang),
    fundOut: (auth: AuthContext, request: { bankId: BankChannelId; amount: string; pwd: string; requestId: string }, lang: Language) =>
      move(auth, { ...request, fundDealflag: FundDirection.out }, lang),
    icbcPay: (auth: AuthContext, request: { payAmount: string; fundDealflag: FundDealflag; pwd: string; requestId: string }, lang: Language) =>
      move(auth, { bankId: 'icbc', amount: request.payAmount, pwd: request.pwd, requestId: request.requestId, fundDealflag: request.fundDealflag }, lang),

    /** Pays a failed transfer again: a new attempt and bank request; a withdrawal freezes again. */
    async retryPay(auth: AuthContext, request: { id: string; pwd: string }, lang: Language): Promise<TransferRecord> {
      const firmId = firmIdOf(auth);
      const found = await repo.transferOfFirm(db, firmId, Number(request.id));
      if (!found) throw new NotFoundError(NOT_FOUND);
      await allow(auth, found.fundDealflag === FundDirection.in ? 'capital.deposit' : 'capital.withdraw', { icbc: found.bankId === 'icbc' });
      if (found.status !== PayState.failed) throw new CannotRetryError();
      const sign = await repo.liveSign(db, firmId, found.bankId);
      if (!sign || sign.status !== SignState.signed) throw new NotSignedError();
      await deps.paymentPasswords.verify({ userId: Number(auth.userId), kind: 'fund', password: request.pwd });
      const bankId = found.bankId as BankChannelId;
      const kind = found.fundDealflag === FundDirection.in ? 'deposit' : 'withdraw';
      const requestNo = newRequestNo(bankId, kind);
      await withTransaction(db, async (tx) => {
        const row = await repo.transferOfFirm(tx, firmId, found.id, true);
        if (!row || row.status !== PayState.failed) throw new CannotRetryError();
        const now = clock.now();
        const next = { ...row, attempt: row.attempt + 1, requestNo, status: PayState.paying, signId: sign.id };
        await repo.updateTransfer(tx, row.id, { attempt: next.attempt, requestNo, status: PayState.paying, signId: sign.id, reason: '', bankSerial: '', updatedAt: now });
        await repo.insertRequest(tx, { requestNo, bankId, kind, firmId, transferId: row.id, amount: row.amount, status: 'pending', createdAt: now });
        if (kind === 'withdraw') await freeze(tx, next, auth.userId);
        await history(tx, 'transfer', row.id, PayState.failed, PayState.paying, auth.userId, 'retry');
        await push(tx, firmId, { kind: 'transfer', id: String(row.id), status: PayState.paying });
      });
      await deps.publisher.flush();
      await submit(bankId, { requestNo, kind, account: sign.bankAccount, amount: Decimal.parse(found.amount).toString() });
      const row = await repo.transferOfFirm(db, firmId, found.id);
      if (!row) throw new NotFoundError(NOT_FOUND);
      return toTransfer(row, lang);
    },

    async transfers(auth: AuthContext, query: { bankId?: BankChannelId | undefined; fundDealflag?: FundDealflag | undefined; status?: string | undefined; page: number; size: number }, lang: Language): Promise<Page<TransferRecord>> {
      await allow(auth, 'capital.view');
      const { rows, total } = await repo.transfersOfFirm(db, { firmId: firmIdOf(auth), ...query, ...pageWindow(query) });
      return { content: rows.map((r) => toTransfer(r, lang)), total, page: query.page, size: query.size };
    },

    async transfer(auth: AuthContext, id: string, lang: Language): Promise<TransferRecord> {
      await allow(auth, 'capital.view');
      const row = await repo.transferOfFirm(db, firmIdOf(auth), Number(id));
      if (!row) throw new NotFoundError(NOT_FOUND);
      return toTransfer(row, lang);
    },

    /** Account flow (available) or frozen flow of the caller's own firm, never another's. */
    async flow(auth: AuthContext, query: CapitalFlowRequest): Promise<LedgerFlowPage> {
      await allow(auth, 'capital.view');
      return ledger.accountFlow(db, { ownerType: 'firm', ownerId: String(firmIdOf(auth)) }, { ...query, currency: FUND_CURRENCY });
    },

    /**
     * A bank's callback: the signature must hold under the bank's key, the timestamp be recent,
     * and the notification id new; only then is the answer applied (exactly once per request).
     */
    async callback(bankId: string, body: BankCallback): Promise<'applied' | 'duplicate' | 'unknown'> {
      if (!isChannelId(bankId)) throw new UnknownBankError();
      const key = keys.get(bankId);
      if (!key || body.bankId !== bankId || !callbackSignatureValid(key, body)) throw new CallbackRefusedError();
      if (Math.abs(clock.now().getTime() - body.timestamp) > CALLBACK_WINDOW_MS) throw new CallbackRefusedError();
      const outcome = await withTransaction(db, async (tx) => {
        const fresh = await repo.insertNotification(tx, { bankId, notifyId: body.notifyId, requestNo: body.data.requestNo, outcome: 'unknown', payload: body, receivedAt: clock.now() });
        if (!fresh) throw new CallbackReplayedError();
        const result = await applyAnswer(body.data.requestNo, { status: body.data.status, bankSerial: body.data.bankSerial, reason: body.data.reason }, `bank:${bankId}`, tx);
        if (result !== 'unknown') await repo.markNotification(tx, bankId, body.notifyId, result);
        return result;
      });
      await deps.publisher.flush();
      return outcome;
    },

    // ---- back office ----------------------------------------------------------------------------

    async operations(query: { status?: string | undefined; bankId?: string | undefined; kind?: string | undefined; page: number; size: number }): Promise<Page<AdminOperation>> {
      const { rows, total } = await repo.listRequests(db, { ...query, ...pageWindow(query) });
      const firms = await firm.getFirms(rows.map((r) => String(r.firmId)));
      return {
        content: rows.map((r) => ({
          requestNo: r.requestNo,
          bankId: r.bankId,
          kind: r.kind,
          firmId: String(r.firmId),
          firmName: firms.get(String(r.firmId))?.name ?? '',
          amount: r.amount === null ? null : Decimal.parse(r.amount).truncate(2).toFixed(2),
          status: r.status,
          reason: r.reason,
          sends: r.sends,
          createdAt: r.createdAt.toISOString(),
          answeredAt: r.answeredAt?.toISOString() ?? null,
        })),
        total,
        page: query.page,
        size: query.size,
      };
    },

    /** Hands a pending request to its bank again under the same serial (the bank takes it once). */
    async resend(staff: AuthContext, requestNo: string): Promise<void> {
      const request = await repo.findRequest(db, requestNo);
      if (!request || request.status !== 'pending') throw new NotFoundError(NOT_FOUND);
      const sign = request.signId === null ? undefined : await repo.signById(db, request.signId);
      const transfer = request.transferId === null ? undefined : await repo.transferById(db, request.transferId);
      const account = sign?.bankAccount ?? (transfer ? ((await repo.signById(db, transfer.signId))?.bankAccount ?? '') : '');
      await withTransaction(db, async (tx) => {
        await repo.updateRequest(tx, requestNo, { sends: request.sends + 1 });
        await appendAudit(tx, { at: clock.now(), actorKind: 'staff', actorId: staff.userId, action: 'bank.request.resend', objectType: 'bankRequest', objectId: requestNo, detail: { bankId: request.bankId, kind: request.kind } });
      });
      await deps.channels[request.bankId as BankChannelId].submit({ requestNo, kind: request.kind, account, amount: request.amount === null ? undefined : Decimal.parse(request.amount).toString() });
    },

    async funds(query: { keyword: string; page: number; size: number }): Promise<Page<FirmFunds>> {
      const firms = await firm.listFirms({ keyword: query.keyword || undefined, page: query.page, size: query.size });
      const signed = await repo.signedBanksOf(db, firms.content.map((f) => Number(f.firmId)));
      const content = await Promise.all(
        firms.content.map(async (f) => {
          const balance = await balanceOf(Number(f.firmId));
          return { firmId: f.firmId, firmCode: f.firmCode, name: f.name, available: balance.available, frozen: balance.frozen, total: balance.total, signedBanks: signed.get(Number(f.firmId)) ?? [] };
        }),
      );
      return { content, total: firms.total, page: firms.page, size: firms.size };
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;

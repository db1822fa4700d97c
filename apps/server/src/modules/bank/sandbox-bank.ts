import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gte, lt, lte } from 'drizzle-orm';
import { Decimal } from '@tp/decimal';
import type { BankCallback, BankCallbackData, BankChannelId, SandboxState, StatementLine } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { withTransaction, type Db } from '../../platform/db/index';
import { callbackKey, CHANNEL_IDS, CHANNEL_NAMES, signCallback, type BankChannel, type BankOutbound } from './channel';
import { sandboxBankControls, sandboxBankRequests } from './bank.tables';

type SandboxRow = typeof sandboxBankRequests.$inferSelect;

/** Posts a callback to the platform as the bank's notification service would; resolves with the HTTP status. */
export type CallbackDelivery = (bankId: BankChannelId, body: BankCallback) => Promise<number>;

export interface SandboxBanks {
  channel(bankId: BankChannelId): BankChannel;
  /** Answers every request that is due and sends its signed callback (the scheduler calls it every second). */
  tick(): Promise<number>;
  /** The next `count` requests fail at the bank. */
  failNext(bankId: BankChannelId, count?: number): Promise<void>;
  /** The next `count` requests are carried out but their callbacks are lost. */
  dropNext(bankId: BankChannelId, count?: number): Promise<void>;
  /** Answers come `delayMs` after the request. */
  delay(bankId: BankChannelId, delayMs: number): Promise<void>;
  /** Back to answering at once, successfully. */
  succeed(bankId: BankChannelId): Promise<void>;
  state(): Promise<SandboxState[]>;
  /** Sends an answered request's notification again, with a new notification id (banks do). */
  resend(bankId: BankChannelId, requestNo: string): Promise<number>;
  /** The last callback body sent for a request, exactly as sent. */
  lastCallback(bankId: BankChannelId, requestNo: string): Promise<BankCallback | undefined>;
  statement(bankId: BankChannelId, day: string): Promise<StatementLine[]>;
}

const FAIL_REASON: Record<string, string> = {
  deposit: '银行账户余额不足',
  withdraw: '收款账户状态异常',
  sign: '账户信息与银行预留信息不符',
  modify: '账户信息与银行预留信息不符',
  unsign: '银行拒绝解约',
};
const DAY_MS = 86_400_000;

/**
 * Two sandbox bank-custody links inside the server, one per channel. Like a real bank they take a
 * request, answer it later (after an optional delay), sign every callback with their own key, keep
 * their own books and print a daily statement. The back office and tests tell them to fail, lose
 * callbacks or take their time.
 */
export function createSandboxBanks(deps: { db: Db; clock: Clock; secret: string; deliver: CallbackDelivery }): SandboxBanks {
  const { db, clock } = deps;
  const keys = new Map(CHANNEL_IDS.map((id) => [id, callbackKey(deps.secret, id)]));

  async function controls(bankId: BankChannelId) {
    await db.insert(sandboxBankControls).values({ bankId, updatedAt: clock.now() }).onConflictDoNothing();
    const [row] = await db.select().from(sandboxBankControls).where(eq(sandboxBankControls.bankId, bankId)).limit(1);
    if (!row) throw new Error(`sandbox controls of ${bankId} vanished`);
    return row;
  }

  async function setControls(bankId: BankChannelId, patch: Partial<typeof sandboxBankControls.$inferInsert>): Promise<void> {
    await controls(bankId);
    await db.update(sandboxBankControls).set({ ...patch, updatedAt: clock.now() }).where(eq(sandboxBankControls.bankId, bankId));
  }

  function buildCallback(row: SandboxRow): BankCallback {
    const data: BankCallbackData = { requestNo: row.requestNo, status: row.status === 'succeeded' ? 'success' : 'failed', bankSerial: row.bankSerial };
    if (row.amount !== null) data.amount = Decimal.parse(row.amount).toString();
    if (row.reason) data.reason = row.reason;
    const unsigned = { bankId: row.bankId, notifyId: `${row.bankId.toUpperCase()}N${randomBytes(10).toString('hex')}`, timestamp: clock.now().getTime(), data };
    const key = keys.get(row.bankId as BankChannelId);
    if (!key) throw new Error(`no key for ${row.bankId}`);
    return { ...unsigned, sign: signCallback(key, unsigned) };
  }

  async function send(bankId: BankChannelId, body: BankCallback): Promise<number> {
    try {
      return await deps.deliver(bankId, body);
    } catch {
      // A lost notification: the statement still lists the answer, reconciliation finds it.
      return 0;
    }
  }

  function channel(bankId: BankChannelId): BankChannel {
    const prefix = bankId.toUpperCase();
    return {
      bankId,
      async submit(request: BankOutbound) {
        await withTransaction(db, async (tx) => {
          const [existing] = await tx
            .select({ id: sandboxBankRequests.id })
            .from(sandboxBankRequests)
            .where(and(eq(sandboxBankRequests.bankId, bankId), eq(sandboxBankRequests.requestNo, request.requestNo)))
            .limit(1);
          // The same serial twice is one request: a resend changes nothing at the bank.
          if (existing) return;
          await tx.insert(sandboxBankControls).values({ bankId, updatedAt: clock.now() }).onConflictDoNothing();
          const [control] = await tx.select().from(sandboxBankControls).where(eq(sandboxBankControls.bankId, bankId)).limit(1).for('update');
          const fail = (control?.failNext ?? 0) > 0;
          const held = (control?.dropNext ?? 0) > 0;
          if (fail || held) {
            await tx
              .update(sandboxBankControls)
              .set({ failNext: Math.max(0, (control?.failNext ?? 0) - 1), dropNext: Math.max(0, (control?.dropNext ?? 0) - 1), updatedAt: clock.now() })
              .where(eq(sandboxBankControls.bankId, bankId));
          }
          const now = clock.now();
          await tx.insert(sandboxBankRequests).values({
            bankId,
            requestNo: request.requestNo,
            kind: request.kind,
            account: request.account,
            amount: request.amount ?? null,
            status: 'pending',
            // Decided on arrival, carried out when due: a planned failure keeps its reason here.
            reason: fail ? (FAIL_REASON[request.kind] ?? '银行处理失败') : '',
            bankSerial: `${prefix}${now.getTime().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`,
            dueAt: new Date(now.getTime() + (control?.delayMs ?? 0)),
            callbackHeld: held,
            createdAt: now,
          });
        });
      },
      async openDocument(request) {
        if (bankId !== 'icbc') throw new Error('only ICBC opens documents');
        const digits = BigInt(`0x${randomBytes(6).toString('hex')}`).toString().padStart(12, '0').slice(-12);
        return { subAccount: `6222${request.firmId.padStart(4, '0').slice(-4)}${digits}` };
      },
      statement: (day) => statement(bankId, day),
    };
  }

  async function statement(bankId: BankChannelId, day: string): Promise<StatementLine[]> {
    const start = new Date(`${day}T00:00:00.000+08:00`);
    const rows = await db
      .select()
      .from(sandboxBankRequests)
      .where(and(eq(sandboxBankRequests.bankId, bankId), gte(sandboxBankRequests.answeredAt, start), lt(sandboxBankRequests.answeredAt, new Date(start.getTime() + DAY_MS))))
      .orderBy(asc(sandboxBankRequests.id));
    return rows
      .filter((r) => r.amount !== null && (r.status === 'succeeded' || r.status === 'failed'))
      .map((r) => ({
        requestNo: r.requestNo,
        bankSerial: r.bankSerial,
        kind: r.kind,
        account: r.account,
        amount: Decimal.parse(r.amount ?? '0').toString(),
        status: r.status as 'succeeded' | 'failed',
        answeredAt: (r.answeredAt ?? r.createdAt).toISOString(),
      }));
  }

  return {
    channel,
    async tick() {
      const due = await db
        .select({ id: sandboxBankRequests.id })
        .from(sandboxBankRequests)
        .where(and(eq(sandboxBankRequests.status, 'pending'), lte(sandboxBankRequests.dueAt, clock.now())))
        .orderBy(asc(sandboxBankRequests.id))
        .limit(100);
      let answered = 0;
      for (const { id } of due) {
        const answer = await withTransaction(db, async (tx) => {
          const [row] = await tx.select().from(sandboxBankRequests).where(eq(sandboxBankRequests.id, id)).limit(1).for('update');
          if (!row || row.status !== 'pending') return undefined;
          const answeredRow: SandboxRow = { ...row, status: row.reason ? 'failed' : 'succeeded', answeredAt: clock.now() };
          const callback = buildCallback(answeredRow);
          await tx.update(sandboxBankRequests).set({ status: answeredRow.status, answeredAt: answeredRow.answeredAt, callback }).where(eq(sandboxBankRequests.id, id));
          return { callback, held: row.callbackHeld, bankId: row.bankId as BankChannelId };
        });
        if (!answer) continue;
        answered += 1;
        if (!answer.held) await send(answer.bankId, answer.callback);
      }
      return answered;
    },
    failNext: async (bankId, n = 1) => setControls(bankId, { failNext: (await controls(bankId)).failNext + n }),
    dropNext: async (bankId, n = 1) => setControls(bankId, { dropNext: (await controls(bankId)).dropNext + n }),
    delay: (bankId, delayMs) => setControls(bankId, { delayMs }),
    succeed: (bankId) => setControls(bankId, { failNext: 0, dropNext: 0, delayMs: 0 }),
    async state() {
      const result: SandboxState[] = [];
      for (const bankId of CHANNEL_IDS) {
        const row = await controls(bankId);
        const [pending] = await db
          .select({ n: count() })
          .from(sandboxBankRequests)
          .where(and(eq(sandboxBankRequests.bankId, bankId), eq(sandboxBankRequests.status, 'pending')));
        result.push({ bankId, bankName: CHANNEL_NAMES[bankId].cn, failNext: row.failNext, dropNext: row.dropNext, delayMs: row.delayMs, pending: pending?.n ?? 0 });
      }
      return result;
    },
    async resend(bankId, requestNo) {
      const [row] = await db.select().from(sandboxBankRequests).where(and(eq(sandboxBankRequests.bankId, bankId), eq(sandboxBankRequests.requestNo, requestNo))).limit(1);
      if (!row || row.status === 'pending') return 0;
      const callback = buildCallback(row);
      await db.update(sandboxBankRequests).set({ callback }).where(eq(sandboxBankRequests.id, row.id));
      return send(bankId, callback);
    },
    async lastCallback(bankId, requestNo) {
      const [row] = await db.select().from(sandboxBankRequests).where(and(eq(sandboxBankRequests.bankId, bankId), eq(sandboxBankRequests.requestNo, requestNo))).limit(1);
      return (row?.callback as BankCallback | null) ?? undefined;
    },
    statement,
  };
}

import { Decimal } from '@tp/decimal';
import { INTEGRAL_CURRENCY, IntegralReason, JournalType, PER_THOUSAND_RULES, type IntegralRule, type IntegralRuleKey } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import { PLATFORM_OWNER, type AccountRef, type LedgerBook, type LedgerService } from '../ledger/index';
import * as repo from './integral.repo';

/** A firm's integrals sit in their own account kind, so the fund account's statements never show them. */
export const INTEGRAL_BOOK: LedgerBook = { available: 'integral', frozen: 'integral_frozen' };
/** The platform's side of every point handed out: negative by the points in the firms' hands. */
const ISSUANCE: AccountRef = { ...PLATFORM_OWNER, currency: INTEGRAL_CURRENCY, kind: 'integral_issuance' };

export const firmPoints = (firmId: number): AccountRef => ({ ownerType: 'firm', ownerId: String(firmId), currency: INTEGRAL_CURRENCY, kind: INTEGRAL_BOOK.available });

/** What a rule awards when staff have not set it. */
export const DEFAULT_RULES: Record<IntegralRuleKey, { points: number; enabled: boolean }> = {
  trade: { points: 10, enabled: true },
  firstWarehousing: { points: 200, enabled: true },
  signIn: { points: 5, enabled: true },
  mallPurchase: { points: 10, enabled: true },
};

export interface PointsDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'ensureAccount' | 'account'>;
}

/** The firm's points ledger: every change is one balanced journal against the platform's issuance account. */
export function createPoints({ db, clock, ledger }: PointsDeps) {
  /**
   * Every time, not once per process: the transaction that first creates the account may still roll
   * back (an award retried by its consumer), and a remembered account that is not there would be
   * created by the posting without its right to go negative.
   */
  async function ensureIssuance(tx: DbOrTx): Promise<void> {
    await ledger.ensureAccount(tx, ISSUANCE, { allowNegative: true });
  }

  async function rules(tx: DbOrTx = db): Promise<IntegralRule[]> {
    const stored = new Map((await repo.rules(tx)).map((r) => [r.key, r]));
    return (Object.keys(DEFAULT_RULES) as IntegralRuleKey[]).map((key) => {
      const row = stored.get(key);
      return { key, points: row?.points ?? DEFAULT_RULES[key].points, enabled: row?.enabled ?? DEFAULT_RULES[key].enabled, updatedAt: row?.updatedAt.toISOString() ?? '' };
    });
  }

  async function ruleOf(tx: DbOrTx, key: IntegralRuleKey): Promise<{ points: number; enabled: boolean }> {
    return (await repo.ruleOf(tx, key)) ?? DEFAULT_RULES[key];
  }

  /** Whole points on the firm's account (after the firm's points are locked, when it matters). */
  async function balanceOf(tx: DbOrTx, firmId: number): Promise<number> {
    const account = await ledger.account(tx, firmPoints(firmId));
    return account ? Number(account.balance) : 0;
  }

  /**
   * Credits points for one source event, once: a second call for the same (reason, source, firm)
   * changes nothing and returns 0. Runs in the caller's transaction, under the firm's points lock.
   */
  async function credit(tx: DbOrTx, input: { firmId: number; reason: IntegralReason; sourceRef: string; points: number }): Promise<number> {
    if (input.points <= 0) return 0;
    await repo.lockFirmPoints(tx, input.firmId);
    if (await repo.creditExists(tx, input)) return 0;
    await ensureIssuance(tx);
    const type = input.reason === IntegralReason.refund ? JournalType.integralRefund : JournalType.integralEarn;
    const journal = await ledger.post(tx, {
      idempotencyKey: `${type}:${input.reason}:${input.sourceRef}:${input.firmId}`,
      type,
      description: input.reason,
      businessRef: input.sourceRef,
      postings: [
        { account: ISSUANCE, amount: String(-input.points) },
        { account: firmPoints(input.firmId), amount: String(input.points) },
      ],
    });
    await repo.claimCredit(tx, { ...input, journalId: journal.id, createdAt: clock.now() });
    return input.points;
  }

  /** Takes points off the firm (a redemption or an expiry); the ledger refuses to go below zero. */
  async function debit(tx: DbOrTx, input: { firmId: number; reason: IntegralReason; key: string; sourceRef: string; points: number }): Promise<void> {
    await repo.lockFirmPoints(tx, input.firmId);
    await ensureIssuance(tx);
    await ledger.post(tx, {
      idempotencyKey: input.key,
      type: input.reason === IntegralReason.expire ? JournalType.integralExpire : JournalType.integralRedeem,
      description: input.reason,
      businessRef: input.sourceRef,
      postings: [
        { account: firmPoints(input.firmId), amount: String(-input.points) },
        { account: ISSUANCE, amount: String(input.points) },
      ],
    });
  }

  /** What a rule awards for an event: per-thousand rules on whole thousands of yuan of `amount`. */
  async function pointsFor(tx: DbOrTx, key: IntegralRuleKey, amount?: string): Promise<number> {
    const rule = await ruleOf(tx, key);
    if (!rule.enabled || rule.points <= 0) return 0;
    if (!PER_THOUSAND_RULES.includes(key)) return rule.points;
    const thousands = Decimal.parse(amount ?? '0').div('1000', 0);
    return thousands.isPositive() ? Number(thousands.mul(String(rule.points)).toString()) : 0;
  }

  return { rules, ruleOf, balanceOf, credit, debit, pointsFor };
}

export type Points = ReturnType<typeof createPoints>;

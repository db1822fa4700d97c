import { z } from 'zod';
import { PositiveAmount } from './exchange-assets';

/** The lock-up reward activity: lock platform tokens for ten months, earn 30 % back, released monthly. */
export const LockupPath = {
  rules: '/api/lockup/rules',
  overview: '/api/lockup/overview',
  lock: '/api/lockup/lock',
} as const;

export const LockupCode = {
  belowMinimum: '-3701',
  seniorRequired: '-3702',
} as const;

/** The spec's constants: at least 10000 platform tokens, 10 months, 30 % feedback, 30 % of monthly fees accelerate the release. */
export const LOCKUP_RULES = {
  asset: 'TPT',
  minimum: '10000',
  months: 10,
  rewardRate: '0.3',
  accelerationRate: '0.3',
  /** A month of the schedule, in days. */
  monthDays: 30,
} as const;

export const LockupRules = z.object({
  asset: z.string(),
  minimum: z.string(),
  months: z.number().int(),
  rewardRate: z.string(),
  accelerationRate: z.string(),
  monthDays: z.number().int(),
});
export type LockupRules = z.infer<typeof LockupRules>;

export const LockRequest = z.strictObject({ amount: PositiveAmount });
export type LockRequest = z.infer<typeof LockRequest>;

const decimal = z.string().regex(/^\d+(?:\.\d+)?$/);

/** One month of a lock's schedule: the reward paid, the release due and what trading fees added to it. */
export const LockupMonth = z.object({
  month: z.number().int(),
  dueAt: z.string(),
  reward: decimal,
  release: decimal,
  /** The extra release bought by 30 % of the month's trading fees (USDT), in tokens. */
  acceleration: decimal,
  feesUsdt: decimal,
  /** '' until the scheduler has paid it. */
  paidAt: z.string(),
});
export type LockupMonth = z.infer<typeof LockupMonth>;

export const LockupLock = z.object({
  lockId: z.string(),
  amount: decimal,
  reward: decimal,
  locked: decimal,
  released: decimal,
  rewarded: decimal,
  lockedAt: z.string(),
  status: z.enum(['active', 'completed']),
  months: z.array(LockupMonth),
});
export type LockupLock = z.infer<typeof LockupLock>;

export const LockupOverview = z.object({ rules: LockupRules, available: decimal, locks: z.array(LockupLock) });
export type LockupOverview = z.infer<typeof LockupOverview>;

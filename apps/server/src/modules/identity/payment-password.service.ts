import { ResultCode, type PaymentPasswordKind, type PaymentPasswordStatus } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, withTransaction } from '../../platform/db/index';
import { AppError, BadRequestError, ConflictError, SessionInvalidError, type AuthContext } from '../../platform/http/index';
import { text, type LocalizedText } from '../../platform/i18n/index';
import * as repo from './identity.repo';
import * as passwords from './payment-password.repo';
import { hashPassword, verifyPassword } from './secrets';

/** Six digits are a million guesses: five wrong ones lock the password for 30 minutes. */
export const PAYMENT_LOCK_AFTER = 5;
export const PAYMENT_LOCK_MS = 30 * 60_000;

const NAMES: Record<PaymentPasswordKind, LocalizedText> = {
  fund: text('资金密码', 'fund password', '資金密碼'),
  margin: text('保证金密码', 'margin password', '保證金密碼'),
};

const MESSAGES = {
  wrong: text('{name}错误，还可尝试 {left} 次', 'Wrong {name}; {left} attempts left', '{name}錯誤，還可嘗試 {left} 次'),
  notSet: text('请先设置{name}', 'Please set a {name} first', '請先設置{name}'),
  locked: text('{name}错误次数过多，请 {minutes} 分钟后再试或重置', 'Too many wrong attempts: try the {name} again in {minutes} minutes or reset it', '{name}錯誤次數過多，請 {minutes} 分鐘後再試或重置'),
  alreadySet: text('已设置{name}，请使用修改或重置', 'A {name} is set already; change or reset it instead', '已設置{name}，請使用修改或重置'),
  sameAsLogin: text('{name}不能与登录密码相同', 'The {name} must differ from the login password', '{name}不能與登入密碼相同'),
  notYourAccount: text('请填写您当前绑定的手机号或邮箱', 'Enter your current mobile number or e-mail', '請填寫您當前綁定的手機號或郵箱'),
} satisfies Record<string, LocalizedText>;

/** Texts whose `{name}` is the password's name in the reader's language. */
function named(message: LocalizedText, kind: PaymentPasswordKind): LocalizedText {
  const name = NAMES[kind];
  return { cn: message.cn.replace('{name}', name.cn), en: message.en.replace('{name}', name.en), tw: message.tw.replace('{name}', name.tw) };
}

export class PaymentPasswordWrongError extends AppError {
  constructor(kind: PaymentPasswordKind, left: number) {
    super(ResultCode.paymentPasswordWrong, 400, named(MESSAGES.wrong, kind), { left });
  }
}

export class PaymentPasswordNotSetError extends AppError {
  constructor(kind: PaymentPasswordKind) {
    super(ResultCode.paymentPasswordNotSet, 400, named(MESSAGES.notSet, kind));
  }
}

export class PaymentPasswordLockedError extends AppError {
  constructor(kind: PaymentPasswordKind, minutes: number) {
    super(ResultCode.paymentPasswordLocked, 423, named(MESSAGES.locked, kind), { minutes });
  }
}

export interface PaymentPasswordServiceDeps {
  db: Db;
  clock: Clock;
  /** Checks the reset code the user asked for with purpose `fundPassword`. */
  verifyCode(params: { account: string; purpose: 'fundPassword'; code: string }): Promise<void>;
  /**
   * Refuses a firm's staff member (子账户) without the firm right `capital.password`; the firm
   * module's right check. A main account always manages its own passwords.
   */
  requireRight?: (auth: AuthContext, rightCode: 'capital.password') => Promise<void>;
}

export function createPaymentPasswordService(deps: PaymentPasswordServiceDeps) {
  const { db, clock } = deps;

  /**
   * Checks a payment password for a money move. Call it before the move's transaction, never
   * inside it: a wrong password must be counted even though the move does not happen, and the
   * embedded database has a single connection that an open transaction holds.
   */
  async function verify(params: { userId: number; kind?: PaymentPasswordKind; password: string }): Promise<void> {
    const kind = params.kind ?? 'fund';
    const now = clock.now();
    const row = await passwords.findPaymentPassword(db, { userId: params.userId, kind });
    if (!row) throw new PaymentPasswordNotSetError(kind);
    if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) {
      throw new PaymentPasswordLockedError(kind, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 60_000));
    }
    if (await verifyPassword(row.passwordHash, params.password)) {
      if (row.failedCount > 0) await passwords.clearPaymentFailures(db, { userId: params.userId, kind });
      return;
    }
    const lockUntil = new Date(now.getTime() + PAYMENT_LOCK_MS);
    const count = await passwords.countPaymentFailure(db, { userId: params.userId, kind, lockAfter: PAYMENT_LOCK_AFTER, lockUntil });
    if (count >= PAYMENT_LOCK_AFTER) throw new PaymentPasswordLockedError(kind, PAYMENT_LOCK_MS / 60_000);
    throw new PaymentPasswordWrongError(kind, PAYMENT_LOCK_AFTER - count);
  }

  /** Setting, changing or resetting a payment password; reading whether one is set needs no right. */
  async function manager(auth: AuthContext): Promise<repo.UserRow> {
    const user = await currentUser(auth);
    if (!auth.isMainAccount && deps.requireRight) await deps.requireRight(auth, 'capital.password');
    return user;
  }

  async function currentUser(auth: AuthContext): Promise<repo.UserRow> {
    const userId = auth.kind === 'user' ? Number(auth.userId) : NaN;
    const user = Number.isSafeInteger(userId) ? await repo.findUser(db, { userId }) : undefined;
    if (!user) throw new SessionInvalidError();
    return user;
  }

  async function assertNotLoginPassword(user: repo.UserRow, kind: PaymentPasswordKind, password: string): Promise<void> {
    if (await verifyPassword(user.passwordHash, password)) throw new BadRequestError(named(MESSAGES.sameAsLogin, kind));
  }

  async function accountHistory(tx: DbOrTx, userId: number, action: string, ip: string): Promise<void> {
    await repo.insertAccountHistory(tx, { kind: 'user', userId, action, ip, createdAt: clock.now() });
  }

  /** A changed or reset payment password replaces the old one (and its lock) after the same checks. */
  async function replace(user: repo.UserRow, request: { kind: PaymentPasswordKind; password: string }, how: 'changed' | 'reset', ip: string): Promise<void> {
    await assertNotLoginPassword(user, request.kind, request.password);
    const passwordHash = await hashPassword(request.password);
    await withTransaction(db, async (tx) => {
      await passwords.replacePaymentPassword(tx, { userId: user.id, kind: request.kind, passwordHash, at: clock.now() });
      await accountHistory(tx, user.id, `${request.kind}Password.${how}`, ip);
    });
  }

  return {
    /** Other modules check a payment password through this before a money move (fund: withdrawals, margin: margin payments). */
    verify,

    async status(auth: AuthContext): Promise<PaymentPasswordStatus> {
      const user = await currentUser(auth);
      const kinds = new Set((await passwords.listPaymentPasswords(db, user.id)).map((row) => row.kind));
      return { fund: kinds.has('fund'), margin: kinds.has('margin') };
    },

    async set(auth: AuthContext, request: { kind: PaymentPasswordKind; password: string }, ip: string): Promise<null> {
      const user = await manager(auth);
      await assertNotLoginPassword(user, request.kind, request.password);
      const passwordHash = await hashPassword(request.password);
      await withTransaction(db, async (tx) => {
        const inserted = await passwords.insertPaymentPassword(tx, { userId: user.id, kind: request.kind, passwordHash, at: clock.now() });
        if (!inserted) throw new ConflictError(named(MESSAGES.alreadySet, request.kind));
        await accountHistory(tx, user.id, `${request.kind}Password.set`, ip);
      });
      return null;
    },

    async update(auth: AuthContext, request: { kind: PaymentPasswordKind; oldPassword: string; password: string }, ip: string): Promise<null> {
      const user = await manager(auth);
      await verify({ userId: user.id, kind: request.kind, password: request.oldPassword });
      await replace(user, request, 'changed', ip);
      return null;
    },

    /** Forgotten or locked: a code to the user's own number or e-mail replaces it and lifts the lock. */
    async reset(auth: AuthContext, request: { kind: PaymentPasswordKind; account: string; code: string; password: string }, ip: string): Promise<null> {
      const user = await manager(auth);
      const account = request.account.trim().toLowerCase();
      if (account !== user.tel && account !== user.email) throw new BadRequestError(MESSAGES.notYourAccount);
      await deps.verifyCode({ account, purpose: 'fundPassword', code: request.code });
      await replace(user, request, 'reset', ip);
      return null;
    },
  };
}

export type PaymentPasswordService = ReturnType<typeof createPaymentPasswordService>;

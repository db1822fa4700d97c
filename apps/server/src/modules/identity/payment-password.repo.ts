import { and, eq, sql } from 'drizzle-orm';
import type { PaymentPasswordKind } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { paymentPasswords } from './identity.tables';

export type PaymentPasswordRow = typeof paymentPasswords.$inferSelect;

const byKey = (userId: number, kind: PaymentPasswordKind) => and(eq(paymentPasswords.userId, userId), eq(paymentPasswords.kind, kind));

export async function listPaymentPasswords(db: DbOrTx, userId: number): Promise<PaymentPasswordRow[]> {
  return db.select().from(paymentPasswords).where(eq(paymentPasswords.userId, userId));
}

export async function findPaymentPassword(db: DbOrTx, params: { userId: number; kind: PaymentPasswordKind; forUpdate?: boolean }): Promise<PaymentPasswordRow | undefined> {
  const query = db.select().from(paymentPasswords).where(byKey(params.userId, params.kind)).limit(1);
  const [row] = params.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Inserts the first password; false when one exists already. */
export async function insertPaymentPassword(db: DbOrTx, params: { userId: number; kind: PaymentPasswordKind; passwordHash: string; at: Date }): Promise<boolean> {
  const rows = await db
    .insert(paymentPasswords)
    .values({ userId: params.userId, kind: params.kind, passwordHash: params.passwordHash, updatedAt: params.at })
    .onConflictDoNothing()
    .returning({ userId: paymentPasswords.userId });
  return rows.length > 0;
}

export async function replacePaymentPassword(db: DbOrTx, params: { userId: number; kind: PaymentPasswordKind; passwordHash: string; at: Date }): Promise<void> {
  await db
    .insert(paymentPasswords)
    .values({ userId: params.userId, kind: params.kind, passwordHash: params.passwordHash, updatedAt: params.at })
    .onConflictDoUpdate({
      target: [paymentPasswords.userId, paymentPasswords.kind],
      set: { passwordHash: params.passwordHash, failedCount: 0, lockedUntil: null, updatedAt: params.at },
    });
}

/** Counts a wrong password; locks when the count reaches `lockAfter`. Returns the new count. */
export async function countPaymentFailure(db: DbOrTx, params: { userId: number; kind: PaymentPasswordKind; lockAfter: number; lockUntil: Date }): Promise<number> {
  const [row] = await db
    .update(paymentPasswords)
    .set({
      failedCount: sql`${paymentPasswords.failedCount} + 1`,
      lockedUntil: sql`case when ${paymentPasswords.failedCount} + 1 >= ${params.lockAfter} then ${params.lockUntil.toISOString()}::timestamptz else ${paymentPasswords.lockedUntil} end`,
    })
    .where(byKey(params.userId, params.kind))
    .returning({ failedCount: paymentPasswords.failedCount });
  return row?.failedCount ?? 0;
}

export async function clearPaymentFailures(db: DbOrTx, params: { userId: number; kind: PaymentPasswordKind }): Promise<void> {
  await db.update(paymentPasswords).set({ failedCount: 0, lockedUntil: null }).where(byKey(params.userId, params.kind));
}

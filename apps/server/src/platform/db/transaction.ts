import type { Db, DbOrTx } from './client';

const RETRYABLE = new Set(['40001', '40P01']);

function pgCode(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A serialization failure or deadlock: running the same work again is the right answer. */
export function isRetryable(err: unknown): boolean {
  const code = pgCode(err);
  return code !== undefined && RETRYABLE.has(code);
}

export function isUniqueViolation(err: unknown): boolean {
  return pgCode(err) === '23505';
}

/**
 * Runs `work` in one transaction. Serialization failures and deadlocks are retried, because under
 * concurrent money moves PostgreSQL may abort one side and the right answer is to run it again.
 */
export async function withTransaction<T>(
  db: Db,
  work: (tx: DbOrTx) => Promise<T>,
  options: { attempts?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as DbOrTx));
    } catch (err) {
      const code = pgCode(err);
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw err;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}

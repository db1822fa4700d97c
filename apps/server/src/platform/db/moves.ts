import type { Clock } from '../clock';
import type { Db, DbOrTx } from './client';
import { withTransaction } from './transaction';

/** What one move decides: the new state, who made it, why, and any other columns it changes. */
export interface Move<S extends string, P> {
  to: S;
  actor: string;
  reason?: string;
  patch?: P;
}

/** A history row of one move (the record's own id column is added by `record`). */
export interface MoveEntry<S extends string> {
  fromStatus: S;
  toStatus: S;
  actor: string;
  reason: string;
  createdAt: Date;
}

/** How a table of records with a status and a history is locked, changed and recorded. */
export interface MoveTable<R extends { id: number; status: string }, P> {
  lock(tx: DbOrTx, id: number, firmId?: number): Promise<R | undefined>;
  update(tx: DbOrTx, id: number, patch: P & { status: R['status']; updatedAt: Date }): Promise<void>;
  record(tx: DbOrTx, row: R, entry: MoveEntry<R['status']>): Promise<void>;
  notFound(): Error;
}

/**
 * One move of one record in one transaction, with its history row (who, when, from, to, why). The
 * row is locked first, so two moves of the same record run one after the other and the second sees
 * the first's state; `firmId` scopes it to its owner, so another firm's id is not found.
 */
export function movesOf<R extends { id: number; status: string }, P extends object>(db: Db, clock: Clock, table: MoveTable<R, P>) {
  return async function move(id: number, firmId: number | undefined, work: (tx: DbOrTx, row: R, now: Date) => Promise<Move<R['status'], P>>): Promise<void> {
    await withTransaction(db, async (tx) => {
      const row = await table.lock(tx, id, firmId);
      if (!row) throw table.notFound();
      const now = clock.now();
      const { to, actor, reason = '', patch = {} as P } = await work(tx, row, now);
      await table.update(tx, row.id, { ...patch, status: to, updatedAt: now });
      await table.record(tx, row, { fromStatus: row.status, toStatus: to, actor, reason, createdAt: now });
    });
  };
}

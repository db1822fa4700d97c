import { Decimal } from '@tp/decimal';
import type { BankChannelId, Page, ReconDiff, ReconDiffKind, ReconRun, StatementLine } from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import type { Clock } from '../../platform/clock';
import { type Db, pageWindow, withTransaction } from '../../platform/db/index';
import { ConflictError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { DAY_MS, shanghaiDay } from '../../platform/time';
import type { BankChannel } from './channel';
import type { BankAnswer } from './bank.service';
import * as repo from './bank.repo';

/** A bank answer younger than this may still have its callback on the way: not yet a difference. */
export const RECON_GRACE_MS = 5 * 60_000;

export interface ReconciliationDeps {
  db: Db;
  clock: Clock;
  channels: Readonly<Record<BankChannelId, BankChannel>>;
  applyAnswer(requestNo: string, answer: BankAnswer, actor: string): Promise<'applied' | 'duplicate' | 'unknown'>;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000+08:00`);

/**
 * Matches a bank's daily statement with the platform's transfers by request serial. It only flags
 * differences; money moves when staff apply the bank's answer, through the same exactly-once path
 * as a callback, so nothing is ever credited twice.
 */
export function createReconciliation(deps: ReconciliationDeps) {
  const { db, clock } = deps;

  function toDiff(row: repo.DiffRow): ReconDiff {
    const amount = (v: string | null) => (v === null ? null : Decimal.parse(v).truncate(2).toFixed(2));
    return {
      id: String(row.id),
      bankId: row.bankId,
      day: row.day,
      requestNo: row.requestNo,
      kind: row.kind,
      transferId: row.transferId === null ? null : String(row.transferId),
      firmId: row.firmId === null ? null : String(row.firmId),
      bankAmount: amount(row.bankAmount),
      platformAmount: amount(row.platformAmount),
      platformStatus: row.platformStatus,
      resolution: row.resolution,
      resolvedBy: row.resolvedBy,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function lineOf(bankId: BankChannelId, day: string, requestNo: string): Promise<StatementLine | undefined> {
    return (await deps.channels[bankId].statement(day)).find((l) => l.requestNo === requestNo);
  }

  return {
    /** Compares a bank's statement of a day with the platform's records; `staff` is who asked for the run (none: the scheduler). */
    async reconcile(bankId: BankChannelId, day: string = shanghaiDay(new Date(clock.now().getTime() - DAY_MS)), staff?: AuthContext): Promise<ReconRun> {
      const lines = await deps.channels[bankId].statement(day);
      const start = dayStart(day);
      const platform = await repo.settledRequestsBetween(db, bankId, start, new Date(start.getTime() + DAY_MS));
      const requests = new Map((await repo.findRequests(db, lines.map((l) => l.requestNo))).map((r) => [r.requestNo, r]));
      const found: { requestNo: string; kind: ReconDiffKind; bankAmount: string | null; request?: repo.RequestRow | undefined }[] = [];
      let matched = 0;
      const settledNow = clock.now().getTime() - RECON_GRACE_MS;
      for (const line of lines) {
        const request = requests.get(line.requestNo);
        const amountDiffers = request?.amount != null && !Decimal.parse(request.amount).eq(line.amount);
        if (line.status === 'succeeded') {
          if (!request || request.status === 'pending') {
            if (new Date(line.answeredAt).getTime() <= settledNow) found.push({ requestNo: line.requestNo, kind: 'missing_on_platform', bankAmount: line.amount, request });
            continue;
          }
          if (request.status === 'failed') found.push({ requestNo: line.requestNo, kind: 'status_mismatch', bankAmount: line.amount, request });
          else if (amountDiffers) found.push({ requestNo: line.requestNo, kind: 'amount_mismatch', bankAmount: line.amount, request });
          else matched += 1;
        } else if (request?.status === 'succeeded') {
          found.push({ requestNo: line.requestNo, kind: 'status_mismatch', bankAmount: line.amount, request });
        } else if (request?.status === 'pending') {
          if (new Date(line.answeredAt).getTime() <= settledNow) found.push({ requestNo: line.requestNo, kind: 'missing_on_platform', bankAmount: line.amount, request });
        } else {
          matched += 1;
        }
      }
      const listed = new Set(lines.map((l) => l.requestNo));
      for (const request of platform) {
        if (!listed.has(request.requestNo)) found.push({ requestNo: request.requestNo, kind: 'missing_at_bank', bankAmount: null, request });
      }
      return withTransaction(db, async (tx) => {
        const now = clock.now();
        const run = await repo.insertRun(tx, { bankId, day, matched, differences: 0, ranAt: now });
        let differences = 0;
        for (const d of found) {
          const transfer = d.request?.transferId != null ? await repo.transferById(tx, d.request.transferId) : undefined;
          const flagged = await repo.insertDiff(tx, {
            runId: run.id,
            bankId,
            day,
            requestNo: d.requestNo,
            kind: d.kind,
            transferId: d.request?.transferId ?? null,
            firmId: d.request?.firmId ?? null,
            bankAmount: d.bankAmount,
            platformAmount: d.request?.amount ?? null,
            platformStatus: transfer?.status ?? d.request?.status ?? '',
            createdAt: now,
          });
          if (flagged) differences += 1;
        }
        await repo.updateRun(tx, run.id, { differences });
        await appendAudit(tx, {
          at: now,
          actorKind: staff ? 'staff' : 'system',
          actorId: staff ? staff.userId : 'scheduler',
          action: 'bank.recon.run',
          objectType: 'bankReconRun',
          objectId: String(run.id),
          detail: { bankId, day, matched, differences },
        });
        return { id: String(run.id), bankId, day, matched, differences, ranAt: now.toISOString() };
      });
    },

    async diffs(query: { open?: boolean | undefined; page: number; size: number }): Promise<Page<ReconDiff>> {
      const { rows, total } = await repo.listDiffs(db, { open: query.open, ...pageWindow(query) });
      return { content: rows.map(toDiff), total, page: query.page, size: query.size };
    },

    /**
     * `apply` takes the bank's answer for a request the platform still has pending (the lost
     * callback) through the callback's own path; anything else is closed with a note.
     */
    async resolve(staff: AuthContext, request: { id: string; action: 'apply' | 'dismiss'; note: string }): Promise<ReconDiff> {
      const id = Number(request.id);
      const row = await repo.findDiff(db, id);
      if (!row) throw new NotFoundError();
      if (row.resolution) throw new ConflictError(text('该差异已处理', 'This difference was already resolved', '該差異已處理'));
      if (request.action === 'apply') {
        if (row.kind !== 'missing_on_platform') throw new ConflictError(text('该差异不能自动入账，请核实后关闭', 'This difference cannot be applied; check it and dismiss it', '該差異不能自動入賬，請核實後關閉'));
        const line = await lineOf(row.bankId as BankChannelId, row.day, row.requestNo);
        if (!line) throw new NotFoundError();
        await deps.applyAnswer(row.requestNo, { status: line.status === 'succeeded' ? 'success' : 'failed', bankSerial: line.bankSerial }, `staff:${staff.userId}`);
      }
      await withTransaction(db, async (tx) => {
        const locked = await repo.findDiff(tx, id, true);
        if (!locked || locked.resolution) throw new ConflictError(text('该差异已处理', 'This difference was already resolved', '該差異已處理'));
        const now = clock.now();
        await repo.updateDiff(tx, id, { resolution: request.action === 'apply' ? 'applied' : 'dismissed', resolvedBy: staff.userId, note: request.note, resolvedAt: now });
        await appendAudit(tx, {
          at: now,
          actorKind: 'staff',
          actorId: staff.userId,
          action: `bank.recon.${request.action}`,
          objectType: 'bankReconDiff',
          objectId: String(id),
          detail: { requestNo: row.requestNo, kind: row.kind, note: request.note },
        });
      });
      const updated = await repo.findDiff(db, id);
      if (!updated) throw new NotFoundError();
      return toDiff(updated);
    },
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;

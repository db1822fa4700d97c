import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { systemSwitches, type SwitchKey } from './system.tables';

export async function readSwitchValues(dbOrTx: DbOrTx): Promise<Map<SwitchKey, unknown>> {
  const rows = await dbOrTx.select({ key: systemSwitches.key, value: systemSwitches.value }).from(systemSwitches);
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function upsertSwitch(dbOrTx: DbOrTx, input: { key: SwitchKey; value: unknown; updatedBy: string; updatedAt: Date }): Promise<void> {
  await dbOrTx
    .insert(systemSwitches)
    .values(input)
    .onConflictDoUpdate({ target: systemSwitches.key, set: { value: input.value, updatedBy: input.updatedBy, updatedAt: input.updatedAt } });
}

/** Serialises switch changes, so the before-values in the audit entry are the ones replaced. */
export async function lockSwitches(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${0x7470_7377})`);
}

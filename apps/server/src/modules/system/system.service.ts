import { type SystemSwitches, type SystemSwitchesPush, type UpdateSystemSwitchesRequest, WsTopic } from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import type { Clock } from '../../platform/clock';
import { withTransaction, type Db, type DbOrTx } from '../../platform/db/index';
import { appendEvent, type OutboxPublisher } from '../../platform/events/index';
import { NotOpenedError, type AuthContext } from '../../platform/http/index';
import { SystemEvents } from './system.events';
import { lockSwitches, readSwitchValues, upsertSwitch } from './system.repo';
import { StoredSwitch } from './system.schemas';

export const SWITCH_DEFAULTS: Readonly<SystemSwitches> = { upgrade: false, upgradeNotice: '', bankFunction: true };

const SWITCH_KEYS = Object.keys(SWITCH_DEFAULTS) as (keyof SystemSwitches)[];

export async function getSwitches(dbOrTx: DbOrTx): Promise<SystemSwitches> {
  const stored = await readSwitchValues(dbOrTx);
  const switches: SystemSwitches = { ...SWITCH_DEFAULTS };
  for (const key of SWITCH_KEYS) {
    const parsed = StoredSwitch[key].safeParse(stored.get(key));
    if (parsed.success) Object.assign(switches, { [key]: parsed.data });
  }
  return switches;
}

/** For the bank routes: refuses with "not yet opened" while staff keep the bank function closed. */
export async function assertBankFunctionOpen(dbOrTx: DbOrTx): Promise<void> {
  if (!(await getSwitches(dbOrTx)).bankFunction) throw new NotOpenedError();
}

export interface SystemServiceDeps {
  db: Db;
  clock: Clock;
  publisher: Pick<OutboxPublisher, 'flush'>;
}

export function createSystemService(deps: SystemServiceDeps) {
  const { db, clock, publisher } = deps;
  return {
    getSwitches: () => getSwitches(db),

    /** Changes the given switches, audits the change and pushes the new switches to the `system` topic. */
    async updateSwitches(actor: AuthContext, patch: UpdateSystemSwitchesRequest): Promise<SystemSwitches> {
      const now = clock.now();
      const changed = SWITCH_KEYS.filter((key) => patch[key] !== undefined);
      const after = await withTransaction(db, async (tx) => {
        await lockSwitches(tx);
        const before = await getSwitches(tx);
        const next: SystemSwitches = { ...before };
        for (const key of changed) {
          Object.assign(next, { [key]: patch[key] });
          await upsertSwitch(tx, { key, value: patch[key], updatedBy: actor.userId, updatedAt: now });
        }
        const pick = (s: SystemSwitches) => Object.fromEntries(changed.map((k) => [k, s[k]]));
        await appendAudit(tx, {
          at: now,
          actorKind: actor.kind,
          actorId: actor.userId,
          action: 'system.switches.update',
          objectType: 'system_switches',
          objectId: 'global',
          detail: { before: pick(before), after: pick(next) },
        });
        const push: SystemSwitchesPush = { kind: 'switches', switches: next };
        await appendEvent(tx, { type: SystemEvents.switchesChanged, topic: WsTopic.system, push: 'system', payload: push });
        return next;
      });
      await publisher.flush();
      return after;
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;

import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemPath } from '@tp/contract';
import { assertBankFunctionOpen, getSwitches, SystemEvents } from '../src/modules/system/index';
import { systemSwitches } from '../src/modules/system/system.tables';
import { auditLog } from '../src/platform/audit/audit.tables';
import { verifyAuditChain } from '../src/platform/audit/index';
import { outbox } from '../src/platform/events/events.tables';
import { render } from '../src/platform/i18n/index';
import { NotOpenedError } from '../src/platform/http/index';
import { appWithFakeSessions, WsClient, type FakeSessionApp } from './system-fakes';
import { listenForWebSockets } from './harness';

let ctx: FakeSessionApp;
let wsUrl: string;
beforeAll(async () => {
  ctx = await appWithFakeSessions();
  wsUrl = await listenForWebSockets(ctx.app);
});
afterAll(async () => ctx.close());

const getSwitchesRoute = () => ctx.app.http.inject({ method: 'GET', url: SystemPath.switches });
const update = (headers: Record<string, string>, payload: unknown) =>
  ctx.app.http.inject({ method: 'POST', url: SystemPath.adminSwitches, headers: { ...headers, 'accept-language': 'en' }, payload: payload as object });

describe('system switches', () => {
  it('answers the defaults to anyone before staff set anything', async () => {
    const res = await getSwitchesRoute();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '0', message: 'success', value: { upgrade: false, upgradeNotice: '', bankFunction: true } });
    await expect(assertBankFunctionOpen(ctx.database.db)).resolves.toBeUndefined();
  });

  it('lets only staff change switches', async () => {
    const user = ctx.sessions.add({ userId: 'u-1', firmId: 'f-1' });
    expect((await update(user.headers, { upgrade: true })).statusCode).toBe(401);
    const anonymous = await update({}, { upgrade: true });
    expect(anonymous.json()).toMatchObject({ code: '-10011' });
    expect((await getSwitchesRoute()).json().value.upgrade).toBe(false);
  });

  it('validates the change strictly', async () => {
    const staff = ctx.sessions.add({ userId: 'admin-v', kind: 'staff' });
    for (const body of [{}, { upgrade: 'yes' }, { maintenance: true }, { upgradeNotice: 'x'.repeat(2001) }]) {
      const res = await update(staff.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('applies a partial change, audits it and pushes the new switches to the system topic', async () => {
    const staff = ctx.sessions.add({ userId: 'admin-1', kind: 'staff' });
    const watcher = await WsClient.connect(wsUrl);
    watcher.send({ op: 'subscribe', topics: ['system'], id: 's' });
    await watcher.next({ id: 's', type: 'ack' });

    const res = await update(staff.headers, { bankFunction: false, upgradeNotice: 'Upgrade tonight 22:00-23:00' });
    expect(res.statusCode).toBe(200);
    const expected = { upgrade: false, upgradeNotice: 'Upgrade tonight 22:00-23:00', bankFunction: false };
    expect(res.json().value).toEqual(expected);
    expect((await getSwitchesRoute()).json().value).toEqual(expected);

    const push = await watcher.next({ type: 'system' });
    expect(push).toEqual({ type: 'system', topic: 'system', seq: 1, data: { kind: 'switches', switches: expected } });
    watcher.close();

    const stored = await ctx.database.db.select().from(systemSwitches).orderBy(asc(systemSwitches.key));
    expect(stored.map((r) => [r.key, r.value, r.updatedBy])).toEqual([
      ['bankFunction', false, 'admin-1'],
      ['upgradeNotice', 'Upgrade tonight 22:00-23:00', 'admin-1'],
    ]);
    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'system.switches.update'));
    expect(audit).toMatchObject({
      actorKind: 'staff',
      actorId: 'admin-1',
      objectType: 'system_switches',
      detail: { before: { upgradeNotice: '', bankFunction: true }, after: { upgradeNotice: 'Upgrade tonight 22:00-23:00', bankFunction: false } },
    });
    expect((await verifyAuditChain(ctx.database.db)).brokenId).toBeNull();
    const [event] = await ctx.database.db.select().from(outbox).where(eq(outbox.type, SystemEvents.switchesChanged));
    expect(event?.publishedAt).not.toBeNull();
  });

  it('makes the bank routes answer "not yet opened" while the bank function is off', async () => {
    const err = await assertBankFunctionOpen(ctx.database.db).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotOpenedError);
    expect(render((err as NotOpenedError).text, 'en')).toBe('Not yet opened');
    expect((err as NotOpenedError).code).toBe('-1200');

    const staff = ctx.sessions.add({ userId: 'admin-2', kind: 'staff' });
    await update(staff.headers, { bankFunction: true });
    await expect(assertBankFunctionOpen(ctx.database.db)).resolves.toBeUndefined();
    expect(await getSwitches(ctx.database.db)).toMatchObject({ bankFunction: true, upgradeNotice: 'Upgrade tonight 22:00-23:00' });
  });

  it('falls back to the default for a stored value of the wrong type', async () => {
    await ctx.database.db
      .insert(systemSwitches)
      .values({ key: 'upgrade', value: 'yes', updatedBy: 'hand-edit', updatedAt: new Date() })
      .onConflictDoUpdate({ target: systemSwitches.key, set: { value: 'yes' } });
    expect((await getSwitches(ctx.database.db)).upgrade).toBe(false);
  });
});

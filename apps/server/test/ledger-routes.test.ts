import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LedgerPath } from '@tp/contract';
import { ManualClock } from '../src/platform/clock';
import { withTransaction, type Database } from '../src/platform/db/index';
import { caller, installAuth, installErrorHandler, ok, SessionInvalidError, type AuthContext, type SessionResolver } from '../src/platform/http/index';
import { createLedgerService, LedgerKind, registerLedgerRoutes, type LedgerOwner, type LedgerService } from '../src/modules/ledger/index';
import { createTestApp, openTestDatabase } from './harness';
import { client, registerByPhone } from './identity-support';

/**
 * Most cases run the routes behind the real auth hook and error handler with a resolver that knows
 * a fixed set of session strings (staff included, without a staff login); the last case goes
 * through buildApp with sessions from the identity module.
 */
const sessions = new Map<string, AuthContext>();
const fakeSessions: SessionResolver = {
  resolve: async (input) => {
    const auth = sessions.get(input.sessionStr);
    if (!auth || auth.kind !== input.kind) throw new SessionInvalidError();
    return auth;
  },
};

function userSession(firmId: string): { headers: Record<string, string>; owner: LedgerOwner } {
  const sessionStr = randomUUID();
  const userId = `u-${randomUUID()}`;
  sessions.set(sessionStr, { kind: 'user', sessionId: sessionStr, userId, firmId, marketId: '13', isMainAccount: true, language: 'cn' });
  return { headers: { sessionstr: sessionStr, userid: userId, firmid: firmId }, owner: { ownerType: 'firm', ownerId: firmId } };
}

function staffSession(): Record<string, string> {
  const sessionStr = randomUUID();
  sessions.set(sessionStr, { kind: 'staff', sessionId: sessionStr, userId: 'admin', firmId: '', marketId: '13', isMainAccount: true, language: 'cn' });
  return { sessionstr: sessionStr, userid: 'admin' };
}

let database: Database;
let drop: () => Promise<void>;
let http: FastifyInstance;
let ledger: LedgerService;
const clock = new ManualClock('2026-01-05T02:00:00.000Z');
const CLEARING = { ownerType: 'platform', ownerId: 'platform', currency: 'CNY', kind: LedgerKind.bankClearingIcbc } as const;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  ledger = createLedgerService({ clock });
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // The fixed staff session stands for a super-administrator.
  installAuth(app, fakeSessions, { accessOf: async () => ({ superAdmin: true, rights: [] }), recordAction: async () => undefined });
  registerLedgerRoutes(app, { db: database.db, ledger });
  // Stands in for a capital module's withdrawal, to see a ledger refusal through the real error handler.
  app.post(
    '/api/test/withdraw',
    { config: { auth: 'user' }, schema: { body: z.strictObject({ amount: z.string() }) } },
    async (request) => {
      const auth = caller(request);
      const owner: LedgerOwner = { ownerType: 'firm', ownerId: auth.firmId };
      const journal = await withTransaction(database.db, (tx) =>
        ledger.freeze(tx, { idempotencyKey: randomUUID(), type: 'bank.withdraw.freeze', owner, currency: 'CNY', amount: request.body.amount }),
      );
      return ok({ journalId: journal.id });
    },
  );
  await app.ready();
  http = app;
});
afterAll(async () => {
  await http.close();
  await drop();
});

async function deposit(owner: LedgerOwner, amount: string) {
  await ledger.transfer(database.db, { idempotencyKey: randomUUID(), type: 'bank.deposit', description: '入金', from: CLEARING, to: { ...owner, currency: 'CNY', kind: LedgerKind.available }, amount });
}

describe('ledger routes', () => {
  it('answers the caller firm its balances', async () => {
    const a = userSession(`f-${randomUUID()}`);
    await deposit(a.owner, '88.88');
    await ledger.freeze(database.db, { idempotencyKey: randomUUID(), type: 'listing.pick.freeze', owner: a.owner, currency: 'CNY', amount: '8.8' });
    const res = await http.inject({ method: 'POST', url: LedgerPath.balances, headers: a.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '0', message: 'success', value: [{ currency: 'CNY', available: '80.08', frozen: '8.8', total: '88.88' }] });
    const one = await http.inject({ method: 'POST', url: LedgerPath.balances, headers: a.headers, payload: { currency: 'USDT' } });
    expect(one.json().value).toEqual([{ currency: 'USDT', available: '0', frozen: '0', total: '0' }]);
  });

  it('pages the caller firm flow and never another firm', async () => {
    const a = userSession(`f-${randomUUID()}`);
    const b = userSession(`f-${randomUUID()}`);
    for (let i = 1; i <= 3; i++) await deposit(a.owner, `${i}`);
    await deposit(b.owner, '500');

    const res = await http.inject({ method: 'POST', url: LedgerPath.flow, headers: a.headers, payload: { kind: 'available', mode: 'current', page: 0, size: 2 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.value).toMatchObject({ total: 3, page: 0, size: 2 });
    expect(body.value.content.map((e: { amount: string }) => e.amount)).toEqual(['3', '2']);
    expect(Object.keys(body.value.content[0]).sort()).toEqual(['amount', 'balanceAfter', 'businessRef', 'createdAt', 'currency', 'description', 'id', 'journalId', 'type']);
    expect(body.value.content[0]).toMatchObject({ type: 'bank.deposit', description: '入金', balanceAfter: '6' });

    const theirs = await http.inject({ method: 'POST', url: LedgerPath.flow, headers: b.headers, payload: { kind: 'available', mode: 'current', page: 0, size: 10 } });
    expect(theirs.json().value.content.map((e: { amount: string }) => e.amount)).toEqual(['500']);

    // The owner comes from the session only: a body naming another firm is refused outright.
    const smuggled = await http.inject({
      method: 'POST',
      url: LedgerPath.flow,
      headers: a.headers,
      payload: { kind: 'available', mode: 'current', page: 0, size: 10, firmId: b.owner.ownerId },
    });
    expect(smuggled.statusCode).toBe(422);
  });

  it('validates the flow query', async () => {
    const a = userSession(`f-${randomUUID()}`);
    const bad = await http.inject({ method: 'POST', url: LedgerPath.flow, headers: { ...a.headers, 'accept-language': 'en' }, payload: { kind: 'escrow', mode: 'current' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: '-1001', value: { fields: [{ field: 'kind', rule: 'enum' }] } });
    const reversed = await http.inject({
      method: 'POST',
      url: LedgerPath.flow,
      headers: a.headers,
      payload: { kind: 'available', mode: 'history', from: '2026-01-04', to: '2026-01-01' },
    });
    expect(reversed.statusCode).toBe(422);
    const impossible = await http.inject({
      method: 'POST',
      url: LedgerPath.flow,
      headers: { ...a.headers, 'accept-language': 'en' },
      payload: { kind: 'available', mode: 'history', from: '2026-02-30' },
    });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toEqual({ code: '-1000', message: 'Invalid date: 2026-02-30', value: null });
  });

  it('requires a session', async () => {
    const res = await http.inject({ method: 'POST', url: LedgerPath.balances, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('-10011');
  });

  it('translates an overdraft refusal with the exact messages', async () => {
    const a = userSession(`f-${randomUUID()}`);
    await deposit(a.owner, '10');
    const cn = await http.inject({ method: 'POST', url: '/api/test/withdraw', headers: a.headers, payload: { amount: '10.01' } });
    expect(cn.statusCode).toBe(409);
    expect(cn.json()).toEqual({ code: '-2001', message: '余额不足', value: null });
    const en = await http.inject({ method: 'POST', url: '/api/test/withdraw', headers: { ...a.headers, 'accept-language': 'en' }, payload: { amount: '10.01' } });
    expect(en.json()).toEqual({ code: '-2001', message: 'Insufficient balance', value: null });
    const tw = await http.inject({ method: 'POST', url: '/api/test/withdraw', headers: { ...a.headers, 'accept-language': 'zh-TW' }, payload: { amount: '10.01' } });
    expect(tw.json()).toEqual({ code: '-2001', message: '餘額不足', value: null });
    const invalid = await http.inject({ method: 'POST', url: '/api/test/withdraw', headers: { ...a.headers, 'accept-language': 'en' }, payload: { amount: '1.001' } });
    expect(invalid.json()).toEqual({ code: '-2002', message: 'Invalid amount', value: null });
    expect(await ledger.balances(database.db, a.owner)).toEqual([{ currency: 'CNY', available: '10', frozen: '0', total: '10' }]);
  });

  it('lets staff, and only staff, verify the books', async () => {
    const staff = await http.inject({ method: 'POST', url: LedgerPath.adminVerify, headers: staffSession() });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().value).toMatchObject({ ok: true, mismatches: [] });
    expect(staff.json().value.journals).toBeGreaterThan(0);
    const user = await http.inject({ method: 'POST', url: LedgerPath.adminVerify, headers: userSession(`f-${randomUUID()}`).headers });
    expect(user.statusCode).toBe(401);
  });
});

describe('ledger routes in the app, with real sessions', () => {
  it('are registered by buildApp and show each firm only its own books', async () => {
    const ctx = await createTestApp();
    try {
      const bodies = { [LedgerPath.balances]: {}, [LedgerPath.flow]: { kind: 'available', mode: 'current' }, [LedgerPath.adminVerify]: {} };
      for (const [url, payload] of Object.entries(bodies)) {
        const res = await ctx.app.http.inject({ method: 'POST', url, payload });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('-10011');
      }

      const alice = client(ctx);
      const bob = client(ctx);
      const aliceSession = await registerByPhone(ctx, alice);
      const bobSession = await registerByPhone(ctx, bob);
      alice.useSession(aliceSession);
      bob.useSession(bobSession);
      const appLedger = createLedgerService({ clock: ctx.clock });
      const fund = (firmId: string, amount: string) =>
        appLedger.transfer(ctx.database.db, {
          idempotencyKey: randomUUID(),
          type: 'bank.deposit',
          from: CLEARING,
          to: { ownerType: 'firm', ownerId: firmId, currency: 'CNY', kind: LedgerKind.available },
          amount,
        });
      await fund(aliceSession.firmId, '100');
      await fund(bobSession.firmId, '7.5');

      expect((await alice.post(LedgerPath.balances, {})).value).toEqual([{ currency: 'CNY', available: '100', frozen: '0', total: '100' }]);
      expect((await bob.post(LedgerPath.balances, {})).value).toEqual([{ currency: 'CNY', available: '7.5', frozen: '0', total: '7.5' }]);
      const aliceFlow = await alice.post<{ content: { amount: string }[]; total: number }>(LedgerPath.flow, { kind: 'available', mode: 'current' });
      expect(aliceFlow.value.content.map((e) => e.amount)).toEqual(['100']);

      // Bob's session with Alice's firm id in the headers is not Alice.
      const forged = await ctx.app.http.inject({
        method: 'POST',
        url: LedgerPath.flow,
        headers: { ...bob.headers, firmid: aliceSession.firmId },
        payload: { kind: 'available', mode: 'current' },
      });
      expect(forged.statusCode).toBe(401);
      expect(JSON.stringify(forged.json())).not.toContain('"100"');

      // A user session is not a staff session.
      expect((await alice.post(LedgerPath.adminVerify, {})).status).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});

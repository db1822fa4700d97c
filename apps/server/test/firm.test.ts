import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RightEntry, SessionInfo } from '@tp/contract';
import { DEMO_ENTERPRISE_NAME, DEMO_PASSWORD, seedDemoData } from '../src/demo/seed';
import { createFirmService, RIGHT_CODES } from '../src/modules/firm/index';
import type { AuthContext } from '../src/platform/http/index';
import { type TestContext, createSeededTestApp } from './harness';
import { client, type Client } from './identity-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createSeededTestApp();
});
afterAll(async () => ctx.close());

async function loginAs(tel: string, lang = 'en'): Promise<{ c: Client; session: SessionInfo }> {
  const c = client(ctx, { lang });
  const res = await c.post<SessionInfo>('/api/user/login', { loginAccount: tel, password: DEMO_PASSWORD });
  expect(res.code).toBe('0');
  c.useSession(res.value);
  return { c, session: res.value };
}

async function rightsOf(tel: string, lang = 'en'): Promise<RightEntry[]> {
  const { c, session } = await loginAs(tel, lang);
  const res = await c.post<RightEntry[]>('/api/firm/rights', { firmId: session.firmId, type: 3 });
  expect(res.code).toBe('0');
  return res.value;
}

const authOf = (session: SessionInfo): AuthContext => ({
  kind: 'user',
  sessionId: '1',
  userId: session.userId,
  firmId: session.firmId,
  marketId: '13',
  isMainAccount: session.isMainAccount,
  language: 'en',
});

describe('rights', () => {
  it('gives a main account every right of the catalogue, named in the user language', async () => {
    const rights = await rightsOf('13800000003', 'zh-CN');
    expect(rights.map((r) => r.rightCode)).toEqual(RIGHT_CODES);
    expect(rights.find((r) => r.rightCode === 'trade.list')?.rightName).toBe('挂牌');
    expect((await rightsOf('13800000001')).map((r) => r.rightCode)).toEqual(RIGHT_CODES);
  });

  it('gives staff the union of their roles: the trader trades, the finance clerk handles money', async () => {
    const trader = (await rightsOf('13800000004')).map((r) => r.rightCode);
    expect(trader).toEqual(['trade.list', 'trade.pick', 'trade.bargain', 'trade.purchase', 'trade.invoice', 'trade.delivery', 'auction.bid', 'contract.sign', 'warehouse.apply', 'warehouse.pickup']);
    const finance = await rightsOf('13800000005');
    expect(finance).toEqual([
      { rightCode: 'capital.view', rightName: 'View funds' },
      { rightCode: 'capital.deposit', rightName: 'Fund in' },
      { rightCode: 'capital.withdraw', rightName: 'Fund out' },
      { rightCode: 'capital.sign', rightName: 'Bank signing' },
      { rightCode: 'capital.password', rightName: 'Manage the fund password' },
    ]);
  });

  it("refuses to load another firm's rights", async () => {
    const { c } = await loginAs('13800000004');
    const { session: other } = await loginAs('13800000001');
    const res = await c.post('/api/firm/rights', { firmId: other.firmId, type: 3 });
    expect(res).toMatchObject({ status: 403, code: '-1003', message: "You cannot load another firm's rights" });
    const cn = await ctx.app.http.inject({ method: 'POST', url: '/api/firm/rights', headers: { ...c.headers, 'accept-language': 'zh-CN' }, payload: { firmId: other.firmId, type: 3 } });
    expect(cn.json()).toMatchObject({ code: '-1003', message: '不能查看其他交易商的权限' });
  });

  it('needs a session', async () => {
    const res = await client(ctx).post('/api/firm/rights', { firmId: '10001', type: 3 });
    expect(res).toMatchObject({ status: 401, code: '-10011' });
  });

  it('requireRight lets the right holder act and refuses others with the right named', async () => {
    const firm = createFirmService({ db: ctx.database.db, clock: ctx.clock });
    const { session: trader } = await loginAs('13800000004');
    const { session: finance } = await loginAs('13800000005');
    const { session: main } = await loginAs('13800000003');
    await expect(firm.requireRight(authOf(trader), 'trade.pick')).resolves.toBeUndefined();
    await expect(firm.requireRight(authOf(main), 'capital.withdraw')).resolves.toBeUndefined();
    await expect(firm.requireRight(authOf(trader), 'capital.withdraw')).rejects.toMatchObject({ code: '-1003', httpStatus: 403, text: { cn: '您没有「出金」权限', en: 'You do not have the right "Fund out"' } });
    await expect(firm.requireRight(authOf(finance), 'trade.list')).rejects.toMatchObject({ code: '-1003' });
    expect(await firm.hasRight(authOf(finance), 'capital.deposit')).toBe(true);
    await expect(firm.requireRight({ ...authOf(main), kind: 'staff' }, 'trade.list')).rejects.toMatchObject({ code: '-1003' });
  });

  it('the session tells who is main account and what kind of firm it is', async () => {
    const { session: main } = await loginAs('13800000003');
    const { session: staff } = await loginAs('13800000004');
    expect(main).toMatchObject({ userType: 'enterprise', isMainAccount: true });
    expect(staff).toMatchObject({ userType: 'enterprise', isMainAccount: false, firmId: main.firmId, firmCode: main.firmCode });
    const { c } = await loginAs('13800000004');
    const info = await c.post<{ firmName: string }>('/api/user/info');
    expect(info.value.firmName).toBe(DEMO_ENTERPRISE_NAME);
  });
});

describe('demo seed', () => {
  it('is idempotent', async () => {
    const count = async () => {
      const res = await ctx.database.db.execute(
        "select (select count(*) from users)::int as users, (select count(*) from firms)::int as firms, (select count(*) from roles)::int as roles, (select count(*) from user_roles)::int as user_roles, (select count(*) from staff)::int as staff",
      );
      return (res as unknown as { rows: Record<string, number>[] }).rows[0];
    };
    const before = await count();
    const accounts = await seedDemoData(ctx.database, ctx.config, ctx.clock);
    expect(await count()).toEqual(before);
    // The administrator and the two demo staff with narrower rights (auditor, finance).
    expect(before).toMatchObject({ users: 7, firms: 5, roles: 2, user_roles: 2, staff: 3 });
    expect(Object.keys(accounts)).toEqual(['13800000001', '13800000002', '13800000003', '13800000004', '13800000005', '13800000009', '13800000008']);
    expect(accounts['13800000004']?.firmId).toBe(accounts['13800000003']?.firmId);
  });
});

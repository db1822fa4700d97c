import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentPasswordPath, WalletPath, type DepositAddress, type WithdrawalRecord } from '@tp/contract';
import { DEMO_HOLDINGS, seedDemoHoldings } from '../src/modules/asset/index';
import { seedDemoCustody } from '../src/modules/wallet/index';
import { createFirmService } from '../src/modules/firm/index';
import { platformStaff, seedDemoIdentities } from '../src/modules/identity/index';
import { createLedgerService } from '../src/modules/ledger/index';
import { seedStaffRoles } from '../src/modules/staff/index';
import { createTestApp, type TestContext } from './harness';
import { client, registerByPhone, type Client, staffClient } from './identity-support';

const PASSWORD = 'Demo@123456';
const ETH_TARGET = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
let ctx: TestContext;
let admin: Client;
let finance: Client;
let counter = 0;

beforeAll(async () => {
  // Reviewed above 1 USDT, two staff members above 100 USDT.
  ctx = await createTestApp({ walletAutoApproveUsdt: '1', walletDualApprovalUsdt: '100' });
  await seedDemoIdentities(
    { db: ctx.database.db, clock: ctx.clock, firm: createFirmService({ db: ctx.database.db, clock: ctx.clock }) },
    {
      password: PASSWORD,
      firms: [],
      staff: [
        { account: 'admin', name: '平台管理员', role: 'admin' },
        { account: 'finance', name: '财务', role: 'operator' },
      ],
    },
  );
  await seedStaffRoles(ctx.database.db, { directory: platformStaff, at: ctx.clock.now() });
  admin = await staffClient(ctx, 'admin');
  finance = await staffClient(ctx, 'finance');
}, 120_000);
afterAll(() => ctx.close());

async function withdrawal(amount: string): Promise<WithdrawalRecord> {
  const c = client(ctx, { lang: 'en' });
  const session = await registerByPhone(ctx, c);
  c.useSession(session);
  expect((await c.post(PaymentPasswordPath.set, { kind: 'fund', password: '246810' })).code).toBe('0');
  await seedDemoHoldings(ctx.database.db, createLedgerService({ clock: ctx.clock }), session.userId);
  await seedDemoCustody(ctx.database.db, createLedgerService({ clock: ctx.clock }), session.userId, DEMO_HOLDINGS);
  // A deposit puts coins in the hot wallet, so an approved withdrawal is sent at once (no refill to wait for).
  const { address } = (await c.post<DepositAddress>(WalletPath.depositAddress, { asset: 'USDT' })).value;
  await ctx.app.services.simulatedChain.send('ETH', { address, asset: 'USDT', amount });
  await ctx.app.services.simulatedChain.mine('ETH', 12);
  await ctx.app.services.wallet.watch();
  counter += 1;
  const res = await c.post<WithdrawalRecord>(WalletPath.withdraw, { asset: 'USDT', address: ETH_TARGET, amount, fundPassword: '246810', requestId: `dual-${process.pid}-${counter}` });
  expect(res.value.status).toBe('review');
  return res.value;
}

const auditActions = async (id: string) =>
  (
    (await ctx.database.db.execute(`select action, actor_id from audit_log where object_type = 'withdrawal' and object_id = '${id}' order by id`)) as unknown as {
      rows: { action: string; actor_id: string }[];
    }
  ).rows;

describe('withdrawals above the dual-approval amount (maker–checker)', () => {
  it('the first approval only records; the same staff member cannot execute it; a second staff member sends it', async () => {
    const big = await withdrawal('500');
    const first = await finance.post<WithdrawalRecord>(WalletPath.adminDecide, { id: big.id, approve: true });
    expect(first.code, first.message).toBe('0');
    expect(first.value.status).toBe('review');

    const again = await finance.post(WalletPath.adminDecide, { id: big.id, approve: true });
    expect([again.status, again.message]).toEqual([409, 'A second, different staff member must execute this large withdrawal']);
    const cn = await finance.post(WalletPath.adminDecide, { id: big.id, approve: true }, { 'accept-language': 'zh-CN' });
    expect(cn.message).toBe('大额提现须由另一位员工复核执行');

    const second = await admin.post<WithdrawalRecord>(WalletPath.adminDecide, { id: big.id, approve: true });
    expect(second.code, second.message).toBe('0');
    expect(second.value.status).toBe('in_transit');
    const rows = await auditActions(big.id);
    expect(rows.map((r) => r.action)).toEqual(['wallet.withdrawal.first-approval', 'wallet.withdrawal.approve']);
    expect(rows[0]!.actor_id).not.toBe(rows[1]!.actor_id);
  });

  it('a rejection needs no second staff member, even after a first approval', async () => {
    const big = await withdrawal('300');
    expect((await finance.post<WithdrawalRecord>(WalletPath.adminDecide, { id: big.id, approve: true })).value.status).toBe('review');
    const rejected = await finance.post<WithdrawalRecord>(WalletPath.adminDecide, { id: big.id, approve: false, reason: 'Address unverified' });
    expect(rejected.value).toMatchObject({ status: 'rejected', reason: 'Address unverified' });
  });

  it('at or below the amount, one approval sends it', async () => {
    const small = await withdrawal('100');
    const approved = await finance.post<WithdrawalRecord>(WalletPath.adminDecide, { id: small.id, approve: true });
    expect(approved.value.status).toBe('in_transit');
    expect((await auditActions(small.id)).map((r) => r.action)).toEqual(['wallet.withdrawal.approve']);
  });
});

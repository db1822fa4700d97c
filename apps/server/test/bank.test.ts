import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CapitalPath,
  PaymentPasswordPath,
  SystemPath,
  bankCallbackPath,
  type BankCallback,
  type CapitalInfo,
  type IcbcInfo,
  type LedgerFlowPage,
  type Page,
  type ReconDiff,
  type ReconRun,
  type SessionInfo,
  type SignRecord,
  type TransferRecord,
} from '@tp/contract';
import { DEMO_PASSWORD } from '../src/demo/seed';
import { callbackKey, signCallback } from '../src/modules/bank/index';
import { verifyLedger } from '../src/modules/ledger/index';
import { type TestContext, createSeededTestApp } from './harness';
import { client, registerByPhone, type Client, staffClient } from './identity-support';

let ctx: TestContext;
let staff: Client;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  staff = await staffClient(ctx, 'admin', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const FUND_PWD = '246810';
const ACCOUNT = { bankAccount: '6222020200112233445', bankAccountName: '测试交易商', openBankName: '平安银行上海分行', openBankNum: '307290000011' };
const sandbox = () => ctx.app.services.sandboxBanks;
const tick = () => sandbox().tick();
let counter = 0;
const requestId = () => `bank-${process.pid}-${++counter}`;

/** A new firm (its own main account) with a fund password. */
async function newFirm(): Promise<{ c: Client; session: SessionInfo }> {
  const c = client(ctx);
  const session = await registerByPhone(ctx, c);
  c.useSession(session);
  expect((await c.post(PaymentPasswordPath.set, { kind: 'fund', password: FUND_PWD })).code).toBe('0');
  return { c, session };
}

async function signed(bankId: 'pab' | 'icbc' = 'pab') {
  const firm = await newFirm();
  if (bankId === 'icbc') {
    const doc = await firm.c.post<SignRecord>(CapitalPath.icbcDocument, { bankAccountName: '测试交易商', certType: '1', certNo: '91310000MA1FL0000X', contactPhone: '13900000000' });
    expect(doc.value).toMatchObject({ status: '0', bankId: 'icbc' });
  }
  const sign = await firm.c.post<SignRecord>(CapitalPath.sign, { bankId, ...ACCOUNT });
  expect(sign.value).toMatchObject({ status: '3', pendingOp: 'sign' });
  await tick();
  const list = await firm.c.post<SignRecord[]>(CapitalPath.signList, { bankId });
  expect(list.value[0]).toMatchObject({ status: '1', bankAccount: ACCOUNT.bankAccount });
  return { ...firm, infoId: sign.value.infoId };
}

async function balance(c: Client) {
  return (await c.post<CapitalInfo>(CapitalPath.info)).value.balance;
}

async function deposit(c: Client, amount: string, bankId: 'pab' | 'icbc' = 'pab') {
  const res = await c.post<TransferRecord>(CapitalPath.fundIn, { bankId, amount, pwd: FUND_PWD, requestId: requestId() });
  expect(res.code).toBe('0');
  await tick();
  return res.value;
}

describe('bank signing', () => {
  it('signs, modifies and signs out through the bank: 3 in transit → 1 signed → 2 terminated', async () => {
    const { c, infoId } = await signed('pab');
    const again = await c.post(CapitalPath.sign, { bankId: 'pab', ...ACCOUNT });
    expect(again).toMatchObject({ status: 409, code: '-2102' });

    const modified = await c.post<SignRecord>(CapitalPath.modifySign, { infoId, ...ACCOUNT, bankAccount: '6222020200199999999' });
    expect(modified.value).toMatchObject({ status: '3', pendingOp: 'modify', bankAccount: ACCOUNT.bankAccount });
    await tick();
    let list = await c.post<SignRecord[]>(CapitalPath.signList, {});
    expect(list.value[0]).toMatchObject({ status: '1', bankAccount: '6222020200199999999' });

    const out = await c.post<SignRecord>(CapitalPath.signOut, { infoId });
    expect(out.value.status).toBe('3');
    await tick();
    list = await c.post<SignRecord[]>(CapitalPath.signList, {});
    expect(list.value[0]).toMatchObject({ status: '2' });
    const refused = await c.post(CapitalPath.fundIn, { bankId: 'pab', amount: '10', pwd: FUND_PWD, requestId: requestId() });
    expect(refused).toMatchObject({ status: 409, code: '-2101', message: 'You have not signed with this bank; sign first' });
  });

  it('ICBC starts from the document (0 unsigned) and falls back to it when the bank refuses the sign', async () => {
    const { c } = await newFirm();
    const early = await c.post(CapitalPath.sign, { bankId: 'icbc', ...ACCOUNT });
    expect(early).toMatchObject({ status: 409, code: '-2106' });
    const doc = await c.post<SignRecord>(CapitalPath.icbcDocument, { bankAccountName: '测试交易商', certType: '1', certNo: '91310000MA1FL0000X', contactPhone: '13900000000' });
    expect(doc.value.subAccount).toMatch(/^6222\d{16}$/);
    await sandbox().failNext('icbc');
    await c.post(CapitalPath.sign, { bankId: 'icbc', ...ACCOUNT });
    await tick();
    let info = await c.post<IcbcInfo>(CapitalPath.icbcInfo);
    expect(info.value.sign).toMatchObject({ status: '0', reason: '账户信息与银行预留信息不符' });
    await c.post(CapitalPath.sign, { bankId: 'icbc', ...ACCOUNT });
    await tick();
    info = await c.post<IcbcInfo>(CapitalPath.icbcInfo);
    expect(info.value.sign?.status).toBe('1');
  });

  it('names the field a bad bank account breaks', async () => {
    const { c } = await newFirm();
    const res = await c.post<unknown>(CapitalPath.sign, { bankId: 'pab', ...ACCOUNT, openBankNum: '12' });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res)).toContain('openBankNum');
  });
});

describe('fund in and fund out', () => {
  it('credits a deposit on the verified callback, exactly once, and shows it in the account flow', async () => {
    const { c } = await signed('pab');
    const paying = await c.post<TransferRecord>(CapitalPath.fundIn, { bankId: 'pab', amount: '1000.5', pwd: FUND_PWD, requestId: requestId() });
    expect(paying.value).toMatchObject({ status: '0', fundDealflag: '1', amount: '1000.50' });
    expect((await c.post<CapitalInfo>(CapitalPath.info)).value.paying).toHaveLength(1);
    expect((await balance(c)).available).toBe('0');
    await tick();
    expect((await c.post<TransferRecord>(CapitalPath.transfer, { id: paying.value.id })).value).toMatchObject({ status: '1' });
    expect(await balance(c)).toMatchObject({ available: '1000.5', frozen: '0' });

    const flow = await c.post<LedgerFlowPage>(CapitalPath.flow, { kind: 'available', mode: 'current' });
    expect(flow.value.content[0]).toMatchObject({ type: 'bank.deposit', amount: '1000.5', balanceAfter: '1000.5' });
    const history = await c.post<LedgerFlowPage>(CapitalPath.flow, { kind: 'available', mode: 'history' });
    expect(history.value.total).toBe(0);
  });

  it('refuses a wrong fund password and an amount with more than two decimals', async () => {
    const { c } = await signed('pab');
    const wrong = await c.post(CapitalPath.fundIn, { bankId: 'pab', amount: '10', pwd: '111111', requestId: requestId() });
    expect(wrong).toMatchObject({ code: '-1120' });
    const places = await c.post(CapitalPath.fundIn, { bankId: 'pab', amount: '10.005', pwd: FUND_PWD, requestId: requestId() });
    expect(places.status).toBe(422);
    expect(JSON.stringify(places)).toContain('amount');
  });

  it('freezes a withdrawal, and releases the frozen money when the bank fails it; retry pays it', async () => {
    const { c } = await signed('icbc');
    await deposit(c, '100', 'icbc');
    await sandbox().failNext('icbc');
    const out = await c.post<TransferRecord>(CapitalPath.icbcPay, { payAmount: '30', fundDealflag: '2', payChannel: '1', pwd: FUND_PWD, requestId: requestId() });
    expect(out.value).toMatchObject({ status: '0', fundDealflag: '2', payChannel: '1' });
    expect(await balance(c)).toMatchObject({ available: '70', frozen: '30' });
    await tick();
    const failed = await c.post<TransferRecord>(CapitalPath.transfer, { id: out.value.id });
    expect(failed.value).toMatchObject({ status: '2', reason: '收款账户状态异常' });
    expect(await balance(c)).toMatchObject({ available: '100', frozen: '0' });
    const frozenFlow = await c.post<LedgerFlowPage>(CapitalPath.flow, { kind: 'frozen', mode: 'current' });
    expect(frozenFlow.value.content.map((e) => e.type)).toEqual(['bank.withdraw.release', 'bank.withdraw.freeze']);

    const retried = await c.post<TransferRecord>(CapitalPath.icbcRetryPay, { id: out.value.id, pwd: FUND_PWD });
    expect(retried.value).toMatchObject({ status: '0', attempt: 2 });
    expect(await balance(c)).toMatchObject({ available: '70', frozen: '30' });
    await tick();
    expect(await balance(c)).toMatchObject({ available: '70', frozen: '0' });
    const again = await c.post(CapitalPath.icbcRetryPay, { id: out.value.id, pwd: FUND_PWD });
    expect(again).toMatchObject({ status: 409, code: '-2108' });
  });

  it('never overdraws under concurrent withdrawals', async () => {
    const { c } = await signed('pab');
    await deposit(c, '100');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => c.post<TransferRecord>(CapitalPath.fundOut, { bankId: 'pab', amount: '30', pwd: FUND_PWD, requestId: requestId() })),
    );
    const accepted = results.filter((r) => r.code === '0');
    expect(accepted).toHaveLength(3);
    expect(results.filter((r) => r.code !== '0').every((r) => r.code === '-2001' && r.status === 409)).toBe(true);
    expect(await balance(c)).toMatchObject({ available: '10', frozen: '90' });
    await tick();
    expect(await balance(c)).toMatchObject({ available: '10', frozen: '0' });
  });

  it('makes one transfer of a repeated request id', async () => {
    const { c } = await signed('pab');
    const id = requestId();
    const first = await c.post<TransferRecord>(CapitalPath.fundIn, { bankId: 'pab', amount: '5', pwd: FUND_PWD, requestId: id });
    const second = await c.post<TransferRecord>(CapitalPath.fundIn, { bankId: 'pab', amount: '5', pwd: FUND_PWD, requestId: id });
    expect(second.value.id).toBe(first.value.id);
    await tick();
    expect((await balance(c)).available).toBe('5');
  });
});

describe('bank callbacks', () => {
  async function pendingDeposit() {
    const { c } = await signed('pab');
    await sandbox().dropNext('pab');
    const res = await c.post<TransferRecord>(CapitalPath.fundIn, { bankId: 'pab', amount: '50', pwd: FUND_PWD, requestId: requestId() });
    await tick();
    const ops = await staff.post<Page<{ requestNo: string; firmId: string; status: string }>>(CapitalPath.adminOperations, { status: 'pending', bankId: 'pab', kind: 'deposit', size: 100 });
    const op = ops.value.content.find((o) => o.firmId === c.headers.firmid);
    if (!op) throw new Error('the pending deposit is not in the monitor');
    return { c, transferId: res.value.id, requestNo: op.requestNo };
  }

  const callbackOf = (requestNo: string, overrides: Partial<BankCallback> = {}): BankCallback => {
    const body = { bankId: 'pab', notifyId: `PABN-test-${++counter}`, timestamp: ctx.clock.now().getTime(), data: { requestNo, status: 'success' as const, bankSerial: 'PAB-SERIAL-1', amount: '50' }, ...overrides };
    return { ...body, sign: signCallback(callbackKey(ctx.config.appSecret, 'pab'), body) };
  };
  const post = (bankId: string, body: unknown) => client(ctx).post<{ outcome: string }>(bankCallbackPath(bankId), body);

  it('refuses forged callbacks: a wrong key, a changed amount, another bank, an old timestamp', async () => {
    const { c, requestNo } = await pendingDeposit();
    const genuine = callbackOf(requestNo);
    const otherKey = { ...genuine, sign: signCallback(callbackKey('another secret of at least thirty-two chars', 'pab'), genuine) };
    expect(await post('pab', otherKey)).toMatchObject({ status: 401, code: '-2104', message: 'The bank notification failed verification' });
    expect(await post('pab', { ...genuine, data: { ...genuine.data, amount: '5000' } })).toMatchObject({ status: 401, code: '-2104' });
    expect(await post('icbc', genuine)).toMatchObject({ status: 401, code: '-2104' });
    expect(await post('pab', callbackOf(requestNo, { timestamp: ctx.clock.now().getTime() - 11 * 60_000 }))).toMatchObject({ status: 401, code: '-2104' });
    expect(await post('nobank', genuine)).toMatchObject({ status: 404 });
    expect((await balance(c)).available).toBe('0');
  });

  it('refuses a replayed notification and credits a duplicate success only once', async () => {
    const { c, transferId, requestNo } = await pendingDeposit();
    const genuine = callbackOf(requestNo);
    expect(await post('pab', genuine)).toMatchObject({ status: 200, value: { outcome: 'applied' } });
    expect(await post('pab', genuine)).toMatchObject({ status: 409, code: '-2105' });
    // The bank notifies again under a new id: accepted, but the money moved already.
    expect(await post('pab', callbackOf(requestNo))).toMatchObject({ status: 200, value: { outcome: 'duplicate' } });
    expect(await sandbox().resend('pab', requestNo)).toBe(200);
    expect((await balance(c)).available).toBe('50');
    expect((await c.post<TransferRecord>(CapitalPath.transfer, { id: transferId })).value.status).toBe('1');
  });
});

describe('rights and ownership', () => {
  async function login(tel: string) {
    const c = client(ctx);
    const res = await c.post<SessionInfo>('/api/user/login', { loginAccount: tel, password: DEMO_PASSWORD });
    expect(res.code).toBe('0');
    c.useSession(res.value);
    return c;
  }

  it('refuses a staff member without the capital rights on every capital call, even called directly', async () => {
    const trader = await login('13800000004');
    for (const [path, body] of [
      [CapitalPath.info, {}],
      [CapitalPath.signList, {}],
      [CapitalPath.sign, { bankId: 'pab', ...ACCOUNT }],
      [CapitalPath.fundIn, { bankId: 'pab', amount: '1', pwd: FUND_PWD, requestId: requestId() }],
      [CapitalPath.fundOut, { bankId: 'pab', amount: '1', pwd: FUND_PWD, requestId: requestId() }],
      [CapitalPath.flow, { kind: 'available', mode: 'current' }],
      [CapitalPath.transfers, {}],
    ] as const) {
      const res = await trader.post(path, body);
      expect(res.status, path).toBe(403);
      expect(res.code).toBe('-1003');
    }
    const finance = await login('13800000005');
    expect((await finance.post(CapitalPath.info)).status).toBe(200);
  });

  it("keeps one firm out of another's transfers, signs and flows", async () => {
    const a = await signed('pab');
    const t = await deposit(a.c, '20');
    const b = await signed('pab');
    expect(await b.c.post(CapitalPath.transfer, { id: t.id })).toMatchObject({ status: 404 });
    expect(await b.c.post(CapitalPath.signOut, { infoId: a.infoId })).toMatchObject({ status: 404 });
    expect(await b.c.post(CapitalPath.modifySign, { infoId: a.infoId, ...ACCOUNT })).toMatchObject({ status: 404 });
    expect(await b.c.post(CapitalPath.icbcRetryPay, { id: t.id, pwd: FUND_PWD })).toMatchObject({ status: 404 });
    expect((await b.c.post<LedgerFlowPage>(CapitalPath.flow, { kind: 'available', mode: 'current' })).value.total).toBe(0);
    expect((await b.c.post<Page<TransferRecord>>(CapitalPath.transfers, {})).value.total).toBe(0);
    // Another firm's id in the header does not make its books readable.
    const spoofed = await b.c.post(CapitalPath.flow, { kind: 'available', mode: 'current' }, { firmid: a.session.firmId });
    expect(spoofed.status).toBe(401);
  });
});

describe('the bank switch', () => {
  it('refuses the ICBC capital calls with "not yet opened" while the bank function is off', async () => {
    const { c } = await signed('icbc');
    const off = await staff.post(SystemPath.adminSwitches, { bankFunction: false });
    expect(off.code).toBe('0');
    try {
      for (const [path, body] of [
        [CapitalPath.icbcInfo, {}],
        [CapitalPath.icbcSignList, {}],
        [CapitalPath.icbcDocument, { bankAccountName: '测试交易商', certType: '1', certNo: '91310000MA1FL0000X', contactPhone: '13900000000' }],
        [CapitalPath.icbcPay, { payAmount: '1', fundDealflag: '1', payChannel: '1', pwd: FUND_PWD, requestId: requestId() }],
      ] as const) {
        expect(await c.post(path, body), path).toMatchObject({ status: 403, code: '-1200', message: 'Not yet opened' });
      }
      expect((await c.post(CapitalPath.info)).code).toBe('0');
    } finally {
      await staff.post(SystemPath.adminSwitches, { bankFunction: true });
    }
    expect((await c.post(CapitalPath.icbcInfo)).code).toBe('0');
  });
});

describe('reconciliation', () => {
  it('flags a lost callback once, credits it once when staff apply it, and never again', async () => {
    const { c } = await signed('pab');
    await sandbox().dropNext('pab');
    const t = await deposit(c, '88.8');
    expect((await c.post<TransferRecord>(CapitalPath.transfer, { id: t.id })).value.status).toBe('0');
    const day = new Date(ctx.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

    // Within the grace period the callback may still be on its way: no difference yet.
    let run = await staff.post<ReconRun>(CapitalPath.adminReconcile, { bankId: 'pab', day });
    let diffs = await staff.post<Page<ReconDiff>>(CapitalPath.adminDiffs, { open: true, size: 100 });
    expect(diffs.value.content.find((d) => d.transferId === t.id)).toBeUndefined();

    ctx.clock.advance(6 * 60_000);
    run = await staff.post<ReconRun>(CapitalPath.adminReconcile, { bankId: 'pab', day });
    expect(run.value.differences).toBeGreaterThanOrEqual(1);
    diffs = await staff.post<Page<ReconDiff>>(CapitalPath.adminDiffs, { open: true, size: 100 });
    const diff = diffs.value.content.find((d) => d.transferId === t.id);
    expect(diff).toMatchObject({ kind: 'missing_on_platform', bankAmount: '88.80', platformStatus: '0' });
    expect((await balance(c)).available).toBe('0');

    // Running again flags nothing new.
    await staff.post<ReconRun>(CapitalPath.adminReconcile, { bankId: 'pab', day });
    diffs = await staff.post<Page<ReconDiff>>(CapitalPath.adminDiffs, { size: 100 });
    expect(diffs.value.content.filter((d) => d.transferId === t.id)).toHaveLength(1);

    const resolved = await staff.post<ReconDiff>(CapitalPath.adminResolve, { id: diff?.id, action: 'apply', note: 'callback lost' });
    expect(resolved.value).toMatchObject({ resolution: 'applied' });
    expect((await balance(c)).available).toBe('88.8');
    expect(await staff.post(CapitalPath.adminResolve, { id: diff?.id, action: 'apply' })).toMatchObject({ status: 409 });

    // The late callback arrives: accepted, nothing credited twice; reconciliation now matches.
    const requestNo = (await staff.post<Page<{ requestNo: string; firmId: string }>>(CapitalPath.adminOperations, { bankId: 'pab', kind: 'deposit', size: 100 })).value.content.find(
      (o) => o.firmId === c.headers.firmid,
    )?.requestNo;
    expect(await sandbox().resend('pab', requestNo ?? '')).toBe(200);
    expect((await balance(c)).available).toBe('88.8');
    await staff.post<ReconRun>(CapitalPath.adminReconcile, { bankId: 'pab', day });
    diffs = await staff.post<Page<ReconDiff>>(CapitalPath.adminDiffs, { size: 100 });
    expect(diffs.value.content.filter((d) => d.transferId === t.id)).toHaveLength(1);
  });

  it('keeps the ledger balanced', async () => {
    const report = await verifyLedger(ctx.database.db, ctx.clock);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});

import { createSign } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tp/decimal';
import {
  CapitalPath,
  MobilePayPath,
  StaffPath,
  mobilePayNotifyPath,
  type AdminMobilePayment,
  type AdminMobileRefund,
  type CapitalInfo,
  type MobilePaymentView,
  type MobileReconDiff,
  type MobileReconRun,
  type Page,
  type SessionInfo,
} from '@tp/contract';
import { DEMO_PASSWORD } from '../src/demo/seed';
import { verifyLedger } from '../src/modules/ledger/index';
import type { MobilePaidEvent, MobilePayChannel } from '../src/modules/mobilepay/index';
import { mobileNotifications, sandboxMobileKeys } from '../src/modules/mobilepay/mobilepay.tables';
import { alipayNotificationValid, rsa2Sign } from '../src/modules/mobilepay/providers/alipay';
import { sortedQueryString } from '../src/modules/mobilepay/providers/provider';
import { wechatDecrypt, wechatEncrypt, wechatMessage } from '../src/modules/mobilepay/providers/wechat';
import { shanghaiDay } from '../src/platform/time';
import { type TestContext, createSeededTestApp } from './harness';
import { client, registerByPhone, staffClient, type Client } from './identity-support';

let ctx: TestContext;
let staff: Client;
const paid: MobilePaidEvent[] = [];

beforeAll(async () => {
  ctx = await createSeededTestApp();
  staff = await staffClient(ctx, 'admin', DEMO_PASSWORD);
  // What the mall does: the paid order is settled from the fund account the payment credited.
  ctx.app.services.mobilePay.registerMobilePayPurpose('test.order', {
    async onPaid(_tx, event) {
      paid.push(event);
    },
  });
});
afterAll(() => ctx.close());

const service = () => ctx.app.services.mobilePay;
const sandbox = () => ctx.app.services.sandboxMobilePay;
const runJobs = async () => {
  while ((await ctx.app.platform.scheduler.runDue()) > 0) {
    /* until nothing is due */
  }
};
let refCounter = 0;

async function newFirm(): Promise<{ c: Client; session: SessionInfo }> {
  const c = client(ctx);
  const session = await registerByPhone(ctx, c);
  c.useSession(session);
  return { c, session };
}

/** The fund account as the capital center shows it, to the cent. */
async function fund(c: Client) {
  const { available, frozen } = (await c.post<CapitalInfo>(CapitalPath.info)).value.balance;
  return { available: Decimal.parse(available).toFixed(2), frozen: Decimal.parse(frozen).toFixed(2) };
}

async function create(session: SessionInfo, channel: MobilePayChannel, amount: string) {
  const reference = `order-${++refCounter}`;
  const created = await service().createMobilePayment(ctx.database.db, { channel, purpose: 'test.order', reference, firmId: session.firmId, userId: session.userId, amount, subject: `测试商品 ${reference}` });
  return { ...created, reference };
}

/** Opens the QR link as the payer's phone does and presses pay (or fail). */
async function scanAndPress(qrContent: string, action: 'pay' | 'fail' = 'pay') {
  const url = new URL(qrContent);
  const path = `${url.pathname}${url.search}`;
  const page = await ctx.app.http.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  const pressed = await ctx.app.http.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `action=${action}` });
  return { page: page.body, pressed: pressed.body };
}

async function outTradeNoOf(paymentId: string): Promise<string> {
  const list = await staff.post<Page<AdminMobilePayment>>(MobilePayPath.adminPayments, { keyword: paymentId });
  const row = list.value.content.find((p) => p.paymentId === paymentId);
  if (!row) throw new Error(`payment ${paymentId} not listed`);
  return row.outTradeNo;
}

async function providerKeys(channel: MobilePayChannel) {
  const [row] = await ctx.database.db
    .select()
    .from(sandboxMobileKeys)
    .where(and(eq(sandboxMobileKeys.channel, channel), eq(sandboxMobileKeys.side, 'provider')))
    .limit(1);
  if (!row) throw new Error('no sandbox keys');
  return row;
}

const post = (url: string, headers: Record<string, string>, body: string) => ctx.app.http.inject({ method: 'POST', url: new URL(url, 'http://x').pathname, headers, payload: body });

describe('WeChat-Pay-shaped payment', () => {
  it('pays by scanning: the signed, encrypted notification credits the firm once and pays the order in the same step', async () => {
    const { c, session } = await newFirm();
    const before = await fund(c);
    const payment = await create(session, 'wechat', '128.50');
    expect(payment.qrContent).toMatch(/\/api\/mobilepay\/sandbox\/wechat\/pay\//);
    const pending = await c.post<MobilePaymentView>(MobilePayPath.status, { paymentId: payment.paymentId });
    expect(pending.value).toMatchObject({ status: 'pending', amount: '128.50', channel: 'wechat' });

    const { page, pressed } = await scanAndPress(payment.qrContent);
    expect(page).toContain('128.50');
    expect(pressed).toContain('支付成功');
    await runJobs();

    const after = await c.post<MobilePaymentView>(MobilePayPath.status, { paymentId: payment.paymentId });
    expect(after.value.status).toBe('paid');
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('paid');
    expect((await fund(c)).available).toBe(Decimal.parse(before.available).add('128.50').toFixed(2));
    expect(paid.filter((e) => e.reference === payment.reference)).toEqual([
      { paymentId: payment.paymentId, purpose: 'test.order', reference: payment.reference, firmId: session.firmId, amount: '128.5', channel: 'wechat' },
    ]);

    // The provider sends the same notification again (it does, until it hears SUCCESS): applied once.
    const outTradeNo = await outTradeNoOf(payment.paymentId);
    const again = await sandbox().notification({ channel: 'wechat', kind: 'payment', ref: outTradeNo });
    if (!again) throw new Error('no notification');
    const replay = await post(again.url, again.headers, again.body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ code: 'SUCCESS' });
    expect((await fund(c)).available).toBe(Decimal.parse(before.available).add('128.50').toFixed(2));
    expect(paid.filter((e) => e.reference === payment.reference)).toHaveLength(1);
    const log = await ctx.database.db.select().from(mobileNotifications).where(eq(mobileNotifications.outTradeNo, outTradeNo));
    expect(log.map((n) => n.outcome).sort()).toEqual(['applied', 'duplicate']);
  });

  it('refuses a notification whose body or signature was changed, and one whose timestamp is over five minutes old', async () => {
    const { session } = await newFirm();
    const payment = await create(session, 'wechat', '10.00');
    await sandbox().control('wechat', 'dropNotifications', 1);
    await scanAndPress(payment.qrContent);
    await runJobs();
    const outTradeNo = await outTradeNoOf(payment.paymentId);
    const genuine = await sandbox().notification({ channel: 'wechat', kind: 'payment', ref: outTradeNo });
    if (!genuine) throw new Error('no notification');

    const body = JSON.parse(genuine.body) as { resource: { ciphertext: string; nonce: string; associated_data: string } };
    const keys = await providerKeys('wechat');
    // The resource really is AES-256-GCM under the APIv3 key.
    expect(JSON.parse(wechatDecrypt(body.resource, keys.symmetricKey))).toMatchObject({ out_trade_no: outTradeNo, trade_state: 'SUCCESS', amount: { total: 1000 } });

    const tamperedBody = genuine.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ');
    const refused = await post(genuine.url, genuine.headers, tamperedBody);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'FAIL' });
    const badSignature = await post(genuine.url, { ...genuine.headers, 'wechatpay-signature': Buffer.alloc(256, 1).toString('base64') }, genuine.body);
    expect(badSignature.statusCode).toBe(400);

    // Correctly signed by the platform key, but six minutes old: a replay.
    const stale = String(Math.floor(ctx.clock.now().getTime() / 1000) - 360);
    const nonce = 'n0nce';
    const staleSig = createSign('RSA-SHA256').update(wechatMessage(stale, nonce, genuine.body)).sign(keys.privateKeyPem, 'base64');
    const replayed = await post(genuine.url, { ...genuine.headers, 'wechatpay-timestamp': stale, 'wechatpay-nonce': nonce, 'wechatpay-signature': staleSig }, genuine.body);
    expect(replayed.statusCode).toBe(400);
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('pending');

    const accepted = await post(genuine.url, genuine.headers, genuine.body);
    expect(accepted.json()).toEqual({ code: 'SUCCESS' });
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('paid');
  });

  it('finds a payment whose notification was lost when the page polls its status', async () => {
    const { c, session } = await newFirm();
    const payment = await create(session, 'wechat', '7.30');
    await sandbox().control('wechat', 'dropNotifications', 1);
    await scanAndPress(payment.qrContent);
    await runJobs();
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('pending');
    const polled = await c.post<MobilePaymentView>(MobilePayPath.status, { paymentId: payment.paymentId });
    expect(polled.value.status).toBe('paid');
    expect((await fund(c)).available).toBe('7.30');
  });

  it('shows a payment only to the firm that pays it', async () => {
    const owner = await newFirm();
    const other = await newFirm();
    const payment = await create(owner.session, 'wechat', '1.00');
    const denied = await other.c.post(MobilePayPath.status, { paymentId: payment.paymentId });
    expect(denied).toMatchObject({ status: 404, code: '-4501' });
  });

  it('closes an unpaid payment at its expiry, after which the code can no longer be paid', async () => {
    const { session } = await newFirm();
    const payment = await create(session, 'wechat', '3.00');
    ctx.clock.advance(15 * 60_000 + 1000);
    await runJobs();
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('closed');
    const { pressed } = await scanAndPress(payment.qrContent);
    expect(pressed).toMatch(/订单已(关闭|过期)/);
  });
});

describe('Alipay-shaped payment', () => {
  it('pays by scanning; the RSA2-signed form notification is answered with plain success', async () => {
    const { c, session } = await newFirm();
    const payment = await create(session, 'alipay', '56.78');
    const outTradeNo = await outTradeNoOf(payment.paymentId);
    await sandbox().control('alipay', 'dropNotifications', 1);
    await scanAndPress(payment.qrContent);
    await runJobs();
    const genuine = await sandbox().notification({ channel: 'alipay', kind: 'payment', ref: outTradeNo });
    if (!genuine) throw new Error('no notification');
    const params = Object.fromEntries(new URLSearchParams(genuine.body));
    expect(params).toMatchObject({ sign_type: 'RSA2', trade_status: 'TRADE_SUCCESS', total_amount: '56.78', out_trade_no: outTradeNo });
    const keys = await providerKeys('alipay');
    expect(alipayNotificationValid(params, keys.publicKeyPem)).toBe(true);

    const tampered = await post(genuine.url, genuine.headers, genuine.body.replace('total_amount=56.78', 'total_amount=5.78'));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toBe('fail');
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('pending');

    const accepted = await post(genuine.url, genuine.headers, genuine.body);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toBe('success');
    expect((await fund(c)).available).toBe('56.78');
    const twice = await post(genuine.url, genuine.headers, genuine.body);
    expect(twice.body).toBe('success');
    expect((await fund(c)).available).toBe('56.78');
  });

  it('refuses a validly signed notification whose amount differs from the payment', async () => {
    const { c, session } = await newFirm();
    const payment = await create(session, 'alipay', '20.00');
    const outTradeNo = await outTradeNoOf(payment.paymentId);
    const keys = await providerKeys('alipay');
    const params: Record<string, string> = {
      notify_time: '2026-11-26 10:00:00',
      notify_type: 'trade_status_sync',
      notify_id: 'forged-amount',
      app_id: '2021000000000001',
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: '2026112622001400000000000001',
      out_trade_no: outTradeNo,
      total_amount: '0.01',
      trade_status: 'TRADE_SUCCESS',
      gmt_payment: '2026-11-26 10:00:00',
    };
    params.sign = rsa2Sign(sortedQueryString(params, ['sign', 'sign_type']), keys.privateKeyPem);
    const answer = await post(mobilePayNotifyPath('alipay'), { 'content-type': 'application/x-www-form-urlencoded' }, new URLSearchParams(params).toString());
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toBe('fail');
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('pending');
    expect((await fund(c)).available).toBe('0.00');
  });
});

describe('refunds', () => {
  it('refunds through the ledger: the money is held, then paid back to the provider when the refund notification comes', async () => {
    const { c, session } = await newFirm();
    const payment = await create(session, 'wechat', '100.00');
    await scanAndPress(payment.qrContent);
    await runJobs();
    expect((await fund(c)).available).toBe('100.00');

    const { refundId } = await service().refundMobilePayment(ctx.database.db, { paymentId: payment.paymentId, amount: '40.00', reason: '退货', reference: 'return-1' });
    // The same reference twice is one refund.
    expect((await service().refundMobilePayment(ctx.database.db, { paymentId: payment.paymentId, amount: '40.00', reason: '退货', reference: 'return-1' })).refundId).toBe(refundId);
    expect(await fund(c)).toMatchObject({ available: '60.00', frozen: '40.00' });
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('refunding');
    await expect(service().refundMobilePayment(ctx.database.db, { paymentId: payment.paymentId, amount: '60.01', reason: 'too much', reference: 'return-2' })).rejects.toMatchObject({ code: '-4505' });

    await runJobs();
    ctx.clock.advance(1500);
    await runJobs();
    expect(await fund(c)).toMatchObject({ available: '60.00', frozen: '0.00' });
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('paid');
    const refunds = await staff.post<Page<AdminMobileRefund>>(MobilePayPath.adminRefunds, { channel: 'wechat' });
    expect(refunds.value.content.find((r) => r.refundId === refundId)).toMatchObject({ status: 'succeeded', amount: '40.00' });

    await service().refundMobilePayment(ctx.database.db, { paymentId: payment.paymentId, amount: '60.00', reason: '全部退货', reference: 'return-2' });
    await runJobs();
    ctx.clock.advance(1500);
    await runJobs();
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('refunded');
    expect(await fund(c)).toMatchObject({ available: '0.00', frozen: '0.00' });
  });

  it('releases the held money when the provider refuses the refund', async () => {
    const { c, session } = await newFirm();
    const payment = await create(session, 'alipay', '30.00');
    await scanAndPress(payment.qrContent);
    await runJobs();
    await sandbox().control('alipay', 'failRefunds', 1);
    await service().refundMobilePayment(ctx.database.db, { paymentId: payment.paymentId, amount: '30.00', reason: '取消', reference: 'cancel-1' });
    expect(await fund(c)).toMatchObject({ available: '0.00', frozen: '30.00' });
    await runJobs();
    ctx.clock.advance(1500);
    await runJobs();
    expect(await fund(c)).toMatchObject({ available: '30.00', frozen: '0.00' });
    expect(await service().mobilePaymentStatus(ctx.database.db, payment.paymentId)).toBe('paid');
  });

  it('cannot refund a payment that was never paid', async () => {
    const { session } = await newFirm();
    const payment = await create(session, 'wechat', '5.00');
    await expect(service().refundMobilePayment(ctx.database.db, { paymentId: payment.paymentId, amount: '5.00', reason: 'x', reference: 'r' })).rejects.toMatchObject({ code: '-4504' });
  });
});

describe('reconciliation and the books', () => {
  it("matches the provider's daily bill, then lists a planted amount difference for staff", async () => {
    const { session } = await newFirm();
    const payment = await create(session, 'wechat', '88.00');
    await scanAndPress(payment.qrContent);
    await runJobs();
    const day = shanghaiDay(ctx.clock.now());
    const clean = await staff.post<MobileReconRun>(MobilePayPath.adminReconcile, { channel: 'wechat', day });
    expect(clean.value.differences).toBe(0);
    expect(clean.value.matched).toBeGreaterThan(0);

    const outTradeNo = await outTradeNoOf(payment.paymentId);
    await sandbox().tamperOrderAmount('wechat', outTradeNo, '80.00');
    const run = await staff.post<MobileReconRun>(MobilePayPath.adminReconcile, { channel: 'wechat', day });
    expect(run.value.differences).toBe(1);
    const diffs = await staff.post<Page<MobileReconDiff>>(MobilePayPath.adminDiffs, { open: true });
    expect(diffs.value.content).toEqual([expect.objectContaining({ outTradeNo, kind: 'amount_mismatch', providerAmount: '80.00', platformAmount: '88.00' })]);

    const dismissed = await staff.post<MobileReconDiff>(MobilePayPath.adminResolve, { id: diffs.value.content[0]?.id, action: 'dismiss', note: '已核实' });
    expect(dismissed.value).toMatchObject({ resolution: 'dismissed', note: '已核实' });

    // Both staff actions are in the audit log under their own names.
    const audited = await staff.post<Page<{ action: string }>>(StaffPath.auditLog, { action: 'mobilepay.reconcile' });
    expect(audited.value.content.map((r) => r.action)).toEqual(expect.arrayContaining(['mobilepay.reconcile', 'mobilepay.reconcile.resolve']));
  });

  it('keeps the back office to staff', async () => {
    const { c } = await newFirm();
    const denied = await c.post(MobilePayPath.adminPayments, {});
    expect([401, 403]).toContain(denied.status);
  });

  it('keeps the ledger balanced', async () => {
    const report = await verifyLedger(ctx.database.db, ctx.clock);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('encrypts and decrypts resources as WeChat Pay does, refusing a wrong key', () => {
    const key = 'k'.repeat(32);
    const sealed = wechatEncrypt('{"a":1}', key, 'transaction');
    expect(wechatDecrypt(sealed, key)).toBe('{"a":1}');
    expect(() => wechatDecrypt(sealed, 'x'.repeat(32))).toThrow(/signature/);
  });
});

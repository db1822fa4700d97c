import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tp/decimal';
import {
  AdminPath,
  ExchangeAssetPath,
  IdentityPath,
  OtcPath,
  PaymentPasswordPath,
  WsTopic,
  type AssetOverview,
  type OtcAd,
  type OtcAdminAppealDetail,
  type OtcAdminMerchantRow,
  type OtcImage,
  type OtcMessage,
  type OtcNoticePage,
  type OtcOrder,
  type OtcPaymentInfo,
  type OtcProfile,
  type Page,
  type SessionInfo,
} from '@tp/contract';
import { buildApp } from '../src/app';
import { createLedgerService, verifyLedger } from '../src/modules/ledger/index';
import { createSeededTestApp, type TestContext } from './harness';
import { PASSWORD, client, registerByPhone, staffClient, type Client } from './identity-support';
import { multipart, png } from './enterprise-support';
import { trader } from './spot-support';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createSeededTestApp();
});
afterAll(() => ctx.close());

const FUND = '246810';
/** The back office, signed in again for each step: the tests move the clock past session lifetimes. */
const admin = () => staffClient(ctx);

/** Signs the user in again after the clock moved past the session's lifetime. */
async function relogin(t: { c: Client; session: SessionInfo }): Promise<void> {
  const res = await t.c.post<SessionInfo>(IdentityPath.login, { loginAccount: t.session.tel, password: PASSWORD });
  if (res.code !== '0') throw new Error(`login failed: ${res.message}`);
  t.c.useSession(res.value);
}
let seq = 0;
const unique = () => `${process.pid % 1000}${++seq}`;

async function ok<T>(pending: Promise<{ code: string; message: string; value: T }>): Promise<T> {
  const res = await pending;
  if (res.code !== '0') throw new Error(`expected success, got ${res.code} ${res.message}`);
  return res.value;
}

async function uploadImage(c: Client): Promise<string> {
  const body = multipart('qr.png', 'image/png', await png(200, 200));
  const res = await ctx.app.http.inject({ method: 'POST', url: OtcPath.image, remoteAddress: c.ip, headers: { ...c.headers, ...body.headers }, payload: body.payload });
  return (res.json() as { value: OtcImage }).value.id;
}

/** Coins straight into the user's fiat book, as a deposit and a transfer would leave them. */
async function fundFiat(userId: string, asset: string, amount: string): Promise<void> {
  await createLedgerService({ clock: ctx.clock }).post(ctx.database.db, {
    idempotencyKey: `demo.grant:otc-test:${userId}:${asset}:${unique()}`,
    type: 'demo.grant',
    postings: [
      { account: { ownerType: 'platform', ownerId: 'platform', currency: asset, kind: 'chain_clearing' }, amount: `-${amount}` },
      { account: { ownerType: 'user', ownerId: userId, currency: asset, kind: 'fiat' }, amount },
    ],
  });
}

async function fiat(c: Client, asset: string) {
  const overview = await ok(c.post<AssetOverview>(ExchangeAssetPath.overview));
  const balance = overview.accounts.find((a) => a.accountType === 'fiat')?.balances.find((b) => b.asset === asset);
  return { available: balance?.available ?? '0', frozen: balance?.frozen ?? '0' };
}

/** A verified user with the fiat settings the spec asks for: nickname, contact, a CNY bank card, the fund password. */
async function fiatUser(options: { bank?: boolean } = {}) {
  const t = await trader(ctx);
  await ok(t.c.post(PaymentPasswordPath.set, { kind: 'fund', password: FUND }));
  await ok(t.c.post(OtcPath.nickname, { nickname: `n${unique()}` }));
  await ok(t.c.post(OtcPath.contact, { wechat: `wx${unique()}` }));
  if (options.bank !== false) {
    await ok(t.c.post(OtcPath.savePaymentMethod, { method: 'bank', currency: 'CNY', accountName: '张三', account: '6222020000000001', bankName: '工商银行', bankBranch: '上海分行', fundPassword: FUND }));
  }
  return t;
}

/** An approved merchant holding 1000 USDT in its fiat book beside the frozen deposit. */
async function merchant() {
  const m = await fiatUser();
  const qr = await uploadImage(m.c);
  await ok(m.c.post(OtcPath.savePaymentMethod, { method: 'alipay', currency: 'CNY', accountName: '张三', account: 'merchant@alipay', qrImageId: qr, fundPassword: FUND }));
  await fundFiat(m.userId, 'TPT', '50000');
  await fundFiat(m.userId, 'USDT', '1000');
  const doc = await uploadImage(m.c);
  await ok(m.c.post(OtcPath.merchantApply, { documents: [doc], agree: true, fundPassword: FUND }));
  const list = await ok((await admin()).post<Page<OtcAdminMerchantRow>>(OtcPath.adminMerchants, { status: 'submitted', size: 50 }));
  const row = list.content.find((r) => r.userId === m.userId)!;
  await ok((await admin()).post(OtcPath.adminReviewMerchant, { id: row.id, approve: true }));
  return m;
}

const sellAd = (c: Client, overrides: Record<string, unknown> = {}) =>
  ok(
    c.post<OtcAd>(OtcPath.postAd, {
      side: 'sell',
      coin: 'USDT',
      currency: 'CNY',
      priceType: 'fixed',
      price: '7.10',
      minAmount: '100',
      maxAmount: '5000',
      totalVolume: '500',
      paymentMethods: ['bank', 'alipay'],
      note: '请在 15 分钟内付款',
      ...overrides,
    }),
  );

const order = (c: Client, adId: string, volume: string, paymentMethod = 'bank') => c.post<OtcOrder>(OtcPath.placeOrder, { adId, volume, paymentMethod });

async function ledgerClean() {
  expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
}

describe('fiat settings', () => {
  it('take a nickname once, contacts, and payment methods only with the fund password and a QR picture for Alipay', async () => {
    const t = await trader(ctx);
    const profile = await ok(t.c.post<OtcProfile>(OtcPath.profile, {}));
    expect(profile).toMatchObject({ nickNameStatus: '0', realName: true, missing: ['nickname', 'contact', 'payment'], merchant: { status: 'none' } });

    const name = `nick${unique()}`;
    expect((await ok(t.c.post<OtcProfile>(OtcPath.nickname, { nickname: name }))).nickNameStatus).toBe('1');
    const again = await t.c.post(OtcPath.nickname, { nickname: `other${unique()}` });
    expect(again).toMatchObject({ status: 422, message: 'Nickname cannot be changed after submission' });
    const other = await trader(ctx);
    expect(await other.c.post(OtcPath.nickname, { nickname: name })).toMatchObject({ status: 422, message: 'Nickname is already taken' });

    expect(await t.c.post(OtcPath.contact, {})).toMatchObject({ status: 422, message: 'Contact needs at least one entry' });
    expect(await t.c.post(OtcPath.contact, { mobile: '1380' })).toMatchObject({ status: 422 });
    await ok(t.c.post(OtcPath.contact, { mobile: '13800138000', qq: '10001' }));

    await ok(t.c.post(PaymentPasswordPath.set, { kind: 'fund', password: FUND }));
    const alipay = { method: 'alipay', currency: 'CNY', accountName: '李四', account: 'li@alipay', fundPassword: FUND };
    expect(await t.c.post(OtcPath.savePaymentMethod, alipay)).toMatchObject({ status: 422, message: 'QR code picture is required for Alipay and WeChat (JPG or PNG under 3 MB)' });
    const foreign = await uploadImage(other.c);
    expect(await t.c.post(OtcPath.savePaymentMethod, { ...alipay, qrImageId: foreign })).toMatchObject({ status: 422, message: 'QR code picture pictures must be JPG or PNG images you uploaded, under 3 MB' });
    const qr = await uploadImage(t.c);
    expect(await t.c.post(OtcPath.savePaymentMethod, { ...alipay, qrImageId: qr, fundPassword: '111111' })).toMatchObject({ status: 400 });
    const saved = await ok(t.c.post<OtcProfile>(OtcPath.savePaymentMethod, { ...alipay, qrImageId: qr }));
    expect(saved.paymentMethods).toEqual([expect.objectContaining({ method: 'alipay', account: 'li@alipay', qrImageId: qr })]);
    expect(saved.missing).toEqual([]);
    expect(await t.c.post(OtcPath.savePaymentMethod, { method: 'bank', currency: 'USD', accountName: 'Li', account: '1234', fundPassword: FUND })).toMatchObject({
      status: 422,
      message: 'Bank is required',
    });
  });
});

describe('merchants', () => {
  it('freeze 50000 platform tokens at application, are reviewed by staff, and get the deposit back on rejection or quitting', async () => {
    const m = await fiatUser();
    const doc = await uploadImage(m.c);
    const apply = { documents: [doc], agree: true, fundPassword: FUND };
    expect(await m.c.post(OtcPath.merchantApply, apply)).toMatchObject({ status: 409, message: 'Merchant request failed: the fiat account holds less than 50000 TPT available' });
    await fundFiat(m.userId, 'TPT', '50000');
    const applied = await ok(m.c.post<OtcProfile>(OtcPath.merchantApply, apply));
    expect(applied.merchant).toMatchObject({ status: 'submitted', deposit: '50000', asset: 'TPT' });
    expect(await fiat(m.c, 'TPT')).toEqual({ available: '0', frozen: '50000' });
    expect(await m.c.post(OtcPath.merchantApply, apply)).toMatchObject({ status: 409 });

    const rows = await ok((await admin()).post<Page<OtcAdminMerchantRow>>(OtcPath.adminMerchants, { status: 'submitted', size: 50 }));
    const row = rows.content.find((r) => r.userId === m.userId)!;
    expect(row.documents).toEqual([doc]);
    expect(await (await admin()).post(OtcPath.adminReviewMerchant, { id: row.id, approve: false })).toMatchObject({ status: 422 });
    await ok((await admin()).post(OtcPath.adminReviewMerchant, { id: row.id, approve: false, reason: '资料不清晰' }));
    expect((await ok(m.c.post<OtcProfile>(OtcPath.profile, {}))).merchant).toMatchObject({ status: 'rejected', reason: '资料不清晰' });
    expect(await fiat(m.c, 'TPT')).toEqual({ available: '50000', frozen: '0' });
    expect(await (await admin()).post(OtcPath.adminReviewMerchant, { id: row.id, approve: true })).toMatchObject({ status: 409 });

    await ok(m.c.post(OtcPath.merchantApply, apply));
    const second = (await ok((await admin()).post<Page<OtcAdminMerchantRow>>(OtcPath.adminMerchants, { status: 'submitted', size: 50 }))).content.find((r) => r.userId === m.userId)!;
    await ok((await admin()).post(OtcPath.adminReviewMerchant, { id: second.id, approve: true }));
    const notices = await ok(m.c.post<OtcNoticePage>(OtcPath.notices, {}));
    expect(notices.content.map((n) => n.kind)).toEqual(['merchantApproved', 'merchantRejected']);

    await fundFiat(m.userId, 'USDT', '100');
    const ad = await sellAd(m.c, { totalVolume: '100', paymentMethods: ['bank'] });
    expect(await m.c.post(OtcPath.merchantQuit, { fundPassword: FUND })).toMatchObject({ status: 409, message: 'Merchant request failed: withdraw your ads and finish every open order first' });
    await ok(m.c.post(OtcPath.withdrawAd, { adId: ad.id }));
    expect((await ok(m.c.post<OtcProfile>(OtcPath.merchantQuit, { fundPassword: FUND }))).merchant.status).toBe('quit');
    expect(await fiat(m.c, 'TPT')).toEqual({ available: '50000', frozen: '0' });
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '100', frozen: '0' });
    await ledgerClean();
  });

  it('are the only ones who post ads, with a note of at most 28 characters', async () => {
    const u = await fiatUser();
    await fundFiat(u.userId, 'USDT', '100');
    expect(await u.c.post(OtcPath.postAd, { side: 'sell', coin: 'USDT', currency: 'CNY', priceType: 'fixed', price: '7', minAmount: '1', maxAmount: '10', totalVolume: '1', paymentMethods: ['bank'] })).toMatchObject({
      status: 403,
      message: 'Merchant request failed: only approved merchants can post ads',
    });
    const m = await merchant();
    expect(await m.c.post(OtcPath.postAd, { side: 'sell', coin: 'USDT', currency: 'CNY', priceType: 'fixed', price: '7', minAmount: '1', maxAmount: '10', totalVolume: '1', paymentMethods: ['bank'], note: 'x'.repeat(29) })).toMatchObject({
      status: 422,
      message: 'Ad note must be within 28 characters',
    });
    expect(await m.c.post(OtcPath.postAd, { side: 'sell', coin: 'USDT', currency: 'EUR', priceType: 'fixed', price: '1', minAmount: '1', maxAmount: '10', totalVolume: '1', paymentMethods: ['wechat'] })).toMatchObject({
      status: 422,
      message: 'Payment methods need a payment setting of each chosen method for EUR first',
    });
    expect(await m.c.post(OtcPath.postAd, { side: 'sell', coin: 'USDT', currency: 'CNY', priceType: 'fixed', price: '7', minAmount: '1', maxAmount: '10', totalVolume: '5000', paymentMethods: ['bank'] })).toMatchObject({
      status: 422,
      message: 'Total amount the available funds are insufficient',
    });
    const floating = await sellAd(m.c, { priceType: 'floating', price: undefined, floatPercent: '101', totalVolume: '10' });
    // USDT's index is 1 USDT; one USDT is 7.2 CNY; 101% of it.
    expect(floating).toMatchObject({ price: '7.27', floatPercent: '101', remaining: '10', status: 'active' });
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '990', frozen: '10' });
  });
});

describe('fiat orders', () => {
  it('escrow the seller’s coins, move through payment and release, and show the payment details only to the two parties', async () => {
    const m = await merchant();
    const ad = await sellAd(m.c);
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '500', frozen: '500' });
    const market = await ok(client(ctx).post<Page<OtcAd>>(OtcPath.market, { side: 'buy', coin: 'USDT', currency: 'CNY', amount: '710', paymentMethod: 'alipay', size: 50 }));
    expect(market.content.find((a) => a.id === ad.id)).toMatchObject({ price: '7.1', remaining: '500', merchant: { completedOrders: 0, completionRate: '' } });

    const b = await fiatUser();
    const placed = await ok(order(b.c, ad.id, '100', 'alipay'));
    expect(placed).toMatchObject({ status: 'unpaid', role: 'buyer', amount: '710', price: '7.1', volume: '100', buyerStatus: 'toPay', sellerStatus: 'waitingPayment' });
    expect(new Date(placed.expireAt).getTime() - new Date(placed.createdAt).getTime()).toBe(15 * 60_000);
    expect((await ok(m.c.post<OtcAd>(OtcPath.ad, { adId: ad.id }))).remaining).toBe('400');
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '500', frozen: '400' });

    const info = await ok(b.c.post<OtcPaymentInfo>(OtcPath.paymentInfo, { orderId: placed.id }));
    expect(info).toMatchObject({ method: 'alipay', account: 'merchant@alipay', accountName: '张三' });
    expect(info.sellerContact.wechat).toMatch(/^wx/);
    const qr = await ctx.app.http.inject({ method: 'GET', url: `${OtcPath.imageFile}?orderId=${placed.id}&id=${info.qrImageId}`, headers: b.c.headers });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');

    const stranger = await fiatUser();
    expect(await stranger.c.post(OtcPath.paymentInfo, { orderId: placed.id })).toMatchObject({ status: 404 });
    expect(await stranger.c.post(OtcPath.order, { orderId: placed.id })).toMatchObject({ status: 404 });
    expect(await stranger.c.post(OtcPath.messages, { orderId: placed.id })).toMatchObject({ status: 404 });
    expect(await stranger.c.post(OtcPath.sendMessage, { orderId: placed.id, text: 'hi' })).toMatchObject({ status: 404 });
    expect((await ctx.app.http.inject({ method: 'GET', url: `${OtcPath.imageFile}?orderId=${placed.id}&id=${info.qrImageId}`, headers: stranger.c.headers })).statusCode).toBe(404);

    // Chat: text and a picture, pushed to both, read by both.
    await ok(b.c.post(OtcPath.sendMessage, { orderId: placed.id, text: '已付款，请查收' }));
    const shot = await uploadImage(b.c);
    const chat = await ok(m.c.post<OtcMessage[]>(OtcPath.messages, { orderId: placed.id }));
    expect(chat).toEqual([expect.objectContaining({ from: 'buyer', mine: false, text: '已付款，请查收' })]);
    await ok(b.c.post(OtcPath.sendMessage, { orderId: placed.id, imageId: shot }));
    expect((await ctx.app.http.inject({ method: 'GET', url: `${OtcPath.imageFile}?orderId=${placed.id}&id=${shot}`, headers: m.c.headers })).statusCode).toBe(200);
    expect(await b.c.post(OtcPath.sendMessage, { orderId: placed.id })).toMatchObject({ status: 422, message: 'Message is required (text or a picture)' });

    expect(await m.c.post(OtcPath.release, { orderId: placed.id, fundPassword: FUND })).toMatchObject({ status: 409, message: 'Confirm failed: the order is not marked paid' });
    expect(await m.c.post(OtcPath.confirmPayment, { orderId: placed.id })).toMatchObject({ status: 403, message: 'Payment failure: only the buyer can do this' });
    const proof = await uploadImage(b.c);
    const paid = await ok(b.c.post<OtcOrder>(OtcPath.confirmPayment, { orderId: placed.id, proofImageId: proof }));
    expect(paid).toMatchObject({ status: 'paid', proofImageId: proof, buyerStatus: 'paid', sellerStatus: 'toRelease' });
    expect(paid.paymentTime).not.toBe('');
    expect(await b.c.post(OtcPath.confirmPayment, { orderId: placed.id })).toMatchObject({ status: 409, message: 'Payment failure: the order is not awaiting payment' });
    expect(await b.c.post(OtcPath.release, { orderId: placed.id, fundPassword: FUND })).toMatchObject({ status: 403, message: 'Confirm failed: only the seller can do this' });
    expect(await m.c.post(OtcPath.release, { orderId: placed.id, fundPassword: '135790' })).toMatchObject({ status: 400 });

    ctx.clock.advance(90_000);
    const done = await ok(m.c.post<OtcOrder>(OtcPath.release, { orderId: placed.id, fundPassword: FUND }));
    expect(done).toMatchObject({ status: 'completed', role: 'seller', buyerStatus: 'completed' });
    expect(await fiat(b.c, 'USDT')).toEqual({ available: '100', frozen: '0' });
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '500', frozen: '400' });
    const stats = (await ok(client(ctx).post<OtcAd>(OtcPath.ad, { adId: ad.id }))).merchant;
    expect(stats).toMatchObject({ completedOrders: 1, completionRate: '1', avgReleaseSeconds: 90 });
    // Closed orders keep the details; only cancelled, expired and invalid ones hide them.
    expect((await b.c.post(OtcPath.paymentInfo, { orderId: placed.id })).code).toBe('0');

    const buyerNotices = await ok(b.c.post<OtcNoticePage>(OtcPath.notices, {}));
    expect(buyerNotices.content.map((n) => n.kind)).toEqual(['completed', 'paid', 'created']);
    expect(buyerNotices.unread).toBe(3);
    await ok(b.c.post(OtcPath.readNotices, {}));
    expect((await ok(b.c.post<OtcNoticePage>(OtcPath.notices, {}))).unread).toBe(0);
    await ledgerClean();
  });

  it('refuse orders outside the ad’s limits, its remaining amount, or the settings and verification the spec requires', async () => {
    const m = await merchant();
    const ad = await sellAd(m.c, { totalVolume: '50', seniorRequired: false });
    const b = await fiatUser();
    expect(await order(b.c, ad.id, '10')).toMatchObject({ status: 409, message: 'Failed to place an order: the amount must be at least 100 CNY' });
    expect(await order(b.c, ad.id, '800')).toMatchObject({ status: 409, message: 'Failed to place an order: the amount must be at most 5000 CNY' });
    expect(await order(b.c, ad.id, '60')).toMatchObject({ status: 409, message: 'Failed to place an order: the quantity must not exceed the ad’s remaining 50' });
    expect(await order(b.c, ad.id, '20', 'wechat')).toMatchObject({ status: 409, message: 'Failed to place an order: the ad does not take this payment method' });
    expect(await order(m.c, ad.id, '20')).toMatchObject({ status: 409, message: 'Failed to place an order: you cannot trade with your own ad' });
    expect(await b.c.post(OtcPath.placeOrder, { adId: ad.id, volume: '0', paymentMethod: 'bank' })).toMatchObject({ status: 422 });

    const noSettings = await trader(ctx);
    expect(await order(noSettings.c, ad.id, '20')).toMatchObject({ status: 409, message: 'Fiat settings are incomplete: set a nickname first' });
    const unverified = client(ctx);
    unverified.useSession(await registerByPhone(ctx, unverified));
    expect(await order(unverified, ad.id, '20')).toMatchObject({ status: 403, message: 'Failed to place an order: complete real-name verification first' });

    const senior = await sellAd(m.c, { totalVolume: '50', seniorRequired: true });
    expect(await order(b.c, senior.id, '20')).toMatchObject({ status: 403, message: 'Failed to place an order: this ad requires senior verification' });

    await ok(m.c.post(OtcPath.withdrawAd, { adId: ad.id }));
    expect(await order(b.c, ad.id, '20')).toMatchObject({ status: 409, message: 'Advertisement expired, please reselect' });
    expect(await m.c.post(OtcPath.withdrawAd, { adId: ad.id })).toMatchObject({ status: 409, message: 'Revocation failure: the ad is already withdrawn' });
  });

  it('never oversell an ad when buyers race for its last coins', async () => {
    const m = await merchant();
    const ad = await sellAd(m.c, { totalVolume: '30', minAmount: '10' });
    const buyers = await Promise.all([fiatUser(), fiatUser(), fiatUser(), fiatUser()]);
    const results = await Promise.all(buyers.map((b) => order(b.c, ad.id, '20')));
    expect(results.filter((r) => r.code === '0')).toHaveLength(1);
    expect(results.filter((r) => r.code !== '0').every((r) => r.message.startsWith('Failed to place an order: the quantity must not exceed'))).toBe(true);
    const smaller = await Promise.all(buyers.map((b) => order(b.c, ad.id, '4')));
    expect(smaller.filter((r) => r.code === '0')).toHaveLength(2);
    expect((await ok(m.c.post<OtcAd>(OtcPath.ad, { adId: ad.id }))).remaining).toBe('2');
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '970', frozen: '2' });
    await ledgerClean();
  });

  it('let the buyer cancel, return the escrow to the ad, and block a buyer after three cancellations a day', async () => {
    const m = await merchant();
    const ad = await sellAd(m.c, { totalVolume: '100' });
    const b = await fiatUser();
    for (let i = 0; i < 3; i++) {
      const placed = await ok(order(b.c, ad.id, '20'));
      expect(await m.c.post(OtcPath.cancel, { orderId: placed.id })).toMatchObject({ status: 403, message: 'Failed to cancel: only the buyer can do this' });
      const cancelled = await ok(b.c.post<OtcOrder>(OtcPath.cancel, { orderId: placed.id, reason: '不想买了' }));
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: '不想买了' });
      expect(await b.c.post(OtcPath.paymentInfo, { orderId: placed.id })).toMatchObject({ status: 409, message: 'Order invalid or expired: the payment information cannot be viewed' });
      expect(await b.c.post(OtcPath.cancel, { orderId: placed.id })).toMatchObject({ status: 409 });
    }
    expect((await ok(m.c.post<OtcAd>(OtcPath.ad, { adId: ad.id }))).remaining).toBe('100');
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '900', frozen: '100' });
    expect(await order(b.c, ad.id, '20')).toMatchObject({ status: 403, message: 'Failed to place an order: you cancelled 3 orders today; ordering opens again tomorrow' });
    ctx.clock.advance(24 * 3_600_000);
    await relogin(b);
    await relogin(m);
    expect((await order(b.c, ad.id, '20')).code).toBe('0');
    const stats = (await ok(m.c.post<OtcAd>(OtcPath.ad, { adId: ad.id }))).merchant;
    expect(stats).toMatchObject({ completedOrders: 0, completionRate: '0' });
    await ledgerClean();
  });

  it('sell into a buy ad from the seller’s own fiat coins, and a withdrawn ad returns a cancelled order’s coins to their owner', async () => {
    const m = await merchant();
    const buyAd = await ok(
      m.c.post<OtcAd>(OtcPath.postAd, { side: 'buy', coin: 'USDT', currency: 'CNY', priceType: 'fixed', price: '7.00', minAmount: '70', maxAmount: '700', totalVolume: '100', paymentMethods: ['bank'] }),
    );
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    const s = await fiatUser();
    const listed = await ok(client(ctx).post<Page<OtcAd>>(OtcPath.market, { side: 'sell', coin: 'USDT', currency: 'CNY', size: 50 }));
    expect(listed.content.some((a) => a.id === buyAd.id)).toBe(true);
    expect(await order(s.c, buyAd.id, '50')).toMatchObject({ status: 409, message: 'Failed to place an order: the available funds are insufficient' });
    await fundFiat(s.userId, 'USDT', '50');
    const sold = await ok(order(s.c, buyAd.id, '50'));
    expect(sold).toMatchObject({ role: 'seller', amount: '350' });
    expect(await fiat(s.c, 'USDT')).toEqual({ available: '0', frozen: '0' });
    const info = await ok(m.c.post<OtcPaymentInfo>(OtcPath.paymentInfo, { orderId: sold.id }));
    expect(info).toMatchObject({ method: 'bank', bankName: '工商银行' });
    // The merchant buys here: it pays the seller's card, the seller releases into the merchant's fiat account.
    await fundFiat(s.userId, 'USDT', '20');
    const second = await ok(order(s.c, buyAd.id, '20'));
    expect(await s.c.post(OtcPath.confirmPayment, { orderId: second.id })).toMatchObject({ status: 403 });
    await ok(m.c.post(OtcPath.confirmPayment, { orderId: second.id }));
    await ok(s.c.post(OtcPath.release, { orderId: second.id, fundPassword: FUND }));
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '1020', frozen: '0' });
    expect((await ok(m.c.post<OtcAd>(OtcPath.ad, { adId: buyAd.id }))).remaining).toBe('30');
    await ok(m.c.post(OtcPath.withdrawAd, { adId: buyAd.id }));
    await ok(m.c.post(OtcPath.cancel, { orderId: sold.id }));
    expect(await fiat(s.c, 'USDT')).toEqual({ available: '50', frozen: '0' });

    const sell = await sellAd(m.c, { totalVolume: '100' });
    // Proprietary members are barred from every order path.
    const proprietary = await fiatUser();
    await ok((await admin()).post(AdminPath.userProprietary, { userId: proprietary.userId, proprietary: true }));
    expect(await order(proprietary.c, sell.id, '20')).toMatchObject({ status: 403, message: 'Proprietary members cannot trade' });
    const b = await fiatUser();
    const placed = await ok(order(b.c, sell.id, '30'));
    await ok(m.c.post(OtcPath.withdrawAd, { adId: sell.id }));
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '990', frozen: '0' });
    await ok(b.c.post(OtcPath.cancel, { orderId: placed.id }));
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '1020', frozen: '0' });
    await ledgerClean();
  });
});

describe('the 15-minute expiry', () => {
  it('cancels an unpaid order once, from a durable job that survives a restart, and returns the escrow to the ad', async () => {
    const m = await merchant();
    const ad = await sellAd(m.c, { totalVolume: '100' });
    const b = await fiatUser();
    const placed = await ok(order(b.c, ad.id, '40'));
    ctx.clock.advance(14 * 60_000);
    await ctx.app.platform.scheduler.runDue();
    expect((await ok(b.c.post<OtcOrder>(OtcPath.order, { orderId: placed.id }))).status).toBe('unpaid');

    // The server stops; a new one on the same database finds the timer and runs it once.
    await ctx.app.close();
    const restarted = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
    const other = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
    // The browsers' clients hold this context: it now reaches the restarted server.
    const { close } = ctx;
    Object.assign(ctx, {
      app: restarted,
      close: async () => {
        await other.close();
        await restarted.close();
        await close();
      },
    });
    ctx.clock.advance(61_000);
    await Promise.all([restarted.platform.scheduler.runDue(), other.platform.scheduler.runDue()]);
    await restarted.platform.scheduler.runDue();
    const expired = await ok(b.c.post<OtcOrder>(OtcPath.order, { orderId: placed.id }));
    expect(expired).toMatchObject({ status: 'expired', buyerStatus: 'expired' });
    expect(await b.c.post(OtcPath.confirmPayment, { orderId: placed.id })).toMatchObject({ status: 409 });
    expect((await ok(m.c.post<OtcAd>(OtcPath.ad, { adId: ad.id }))).remaining).toBe('100');
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '900', frozen: '100' });
    const returns = (await ctx.database.db.execute(`select count(*)::int as n from journals where idempotency_key = 'otc.order.return:${placed.id}'`)) as unknown as { rows: { n: number }[] };
    expect(returns.rows[0]?.n).toBe(1);
    const notices = await ok(m.c.post<OtcNoticePage>(OtcPath.notices, {}));
    expect(notices.content.filter((n) => n.orderId === placed.id).map((n) => n.kind)).toEqual(['expired', 'created']);
    await ledgerClean();
  });

  it('lets a buyer pay in time, after which the timer changes nothing', async () => {
    const m = await merchant();
    const ad = await sellAd(m.c, { totalVolume: '100' });
    const b = await fiatUser();
    const placed = await ok(order(b.c, ad.id, '40'));
    ctx.clock.advance(10 * 60_000);
    await ok(b.c.post(OtcPath.confirmPayment, { orderId: placed.id }));
    ctx.clock.advance(10 * 60_000);
    await ctx.app.platform.scheduler.runDue();
    expect((await ok(b.c.post<OtcOrder>(OtcPath.order, { orderId: placed.id }))).status).toBe('paid');
  });

  it('can be run at once by staff from the sandbox after the clock moved', async () => {
    const m = await merchant();
    const ad = await sellAd(m.c, { totalVolume: '100' });
    const b = await fiatUser();
    const placed = await ok(order(b.c, ad.id, '40'));
    ctx.clock.advance(16 * 60_000);
    const run = await ok((await admin()).post<{ expired: number }>(OtcPath.adminSandboxExpire));
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect((await ok(b.c.post<OtcOrder>(OtcPath.order, { orderId: placed.id }))).status).toBe('expired');
    expect(await b.c.post(OtcPath.adminSandboxExpire)).toMatchObject({ status: 401 });
  });
});

describe('appeals', () => {
  async function paidOrder() {
    const m = await merchant();
    const ad = await sellAd(m.c, { totalVolume: '100' });
    const b = await fiatUser();
    const placed = await ok(order(b.c, ad.id, '50'));
    await ok(b.c.post(OtcPath.confirmPayment, { orderId: placed.id }));
    return { m, b, placed, ad };
  }

  it('need a paid order, a type and a reason; the appellant may revoke; evidence is taken for 24 hours', async () => {
    const { m, b, placed } = await paidOrder();
    expect(await b.c.post(OtcPath.appeal, { orderId: placed.id, reason: '卖家未放币' })).toMatchObject({ status: 422, message: 'Appeal type is required' });
    expect(await b.c.post(OtcPath.appeal, { orderId: placed.id, type: 'paidNotReleased' })).toMatchObject({ status: 422, message: 'Appeal reason is required' });
    const evidence = await uploadImage(b.c);
    const appealed = await ok(b.c.post<OtcOrder>(OtcPath.appeal, { orderId: placed.id, type: 'paidNotReleased', reason: '已付款，卖家未放币', images: [evidence] }));
    expect(appealed).toMatchObject({ status: 'appeal', appealStatus: 'waiting', appealBy: 'buyer', photoAttachments: [evidence] });
    expect(await m.c.post(OtcPath.release, { orderId: placed.id, fundPassword: FUND })).toMatchObject({ status: 409 });
    expect(await b.c.post(OtcPath.cancel, { orderId: placed.id })).toMatchObject({ status: 409 });
    expect(await m.c.post(OtcPath.revokeAppeal, { orderId: placed.id })).toMatchObject({ status: 403, message: 'Revocation failure: only the party who appealed can do this' });
    const more = await uploadImage(m.c);
    expect((await ok(m.c.post<OtcOrder>(OtcPath.appealEvidence, { orderId: placed.id, images: [more] }))).photoAttachments).toEqual([evidence, more]);
    const revoked = await ok(b.c.post<OtcOrder>(OtcPath.revokeAppeal, { orderId: placed.id }));
    expect(revoked).toMatchObject({ status: 'paid', appealStatus: 'revoked' });
    await ok(b.c.post(OtcPath.appeal, { orderId: placed.id, type: 'paidNotReleased', reason: '仍未放币' }));
    ctx.clock.advance(25 * 3_600_000);
    await relogin(b);
    expect(await b.c.post(OtcPath.appealEvidence, { orderId: placed.id, images: [evidence] })).toMatchObject({ status: 409, message: 'Appeal failed: the 24-hour proof period is over' });
  });

  it('are decided by customer service and executed by the ombudsman, who alone moves the coins, with reasons both sides read', async () => {
    const { m, b, placed } = await paidOrder();
    await ok(b.c.post(OtcPath.sendMessage, { orderId: placed.id, text: '请放币' }));
    await ok(b.c.post(OtcPath.appeal, { orderId: placed.id, type: 'paidNotReleased', reason: '已付款' }));

    const list = await ok((await admin()).post<Page<{ id: string; appealStatus: string }>>(OtcPath.adminAppeals, { appealStatus: 'waiting', size: 50 }));
    expect(list.content.some((r) => r.id === placed.id)).toBe(true);
    const detail = await ok((await admin()).post<OtcAdminAppealDetail>(OtcPath.adminAppeal, { orderId: placed.id }));
    expect(detail.messages).toEqual([expect.objectContaining({ from: 'buyer', text: '请放币' })]);
    expect(detail.payment).toMatchObject({ method: 'bank' });
    expect(await b.c.post(OtcPath.adminAppeal, { orderId: placed.id })).toMatchObject({ status: 401 });

    const verdict = await ok((await admin()).post<OtcAdminAppealDetail>(OtcPath.adminVerdict, { orderId: placed.id, action: 'release', reason: '买家已提供转账凭证' }));
    expect(verdict.order).toMatchObject({ status: 'appeal', appealStatus: 'passed', appealDecision: 'release' });
    expect(await fiat(b.c, 'USDT')).toEqual({ available: '0', frozen: '0' });
    expect(await (await admin()).post(OtcPath.adminExecute, { orderId: placed.id, action: 'cancel', reason: '改判' })).toMatchObject({ status: 409 });
    const executed = await ok((await admin()).post<OtcAdminAppealDetail>(OtcPath.adminExecute, { orderId: placed.id, action: 'release', reason: '强制放币' }));
    expect(executed.order).toMatchObject({ status: 'completed', appealStatus: 'completed', appealDecisionReason: '强制放币' });
    expect(await fiat(b.c, 'USDT')).toEqual({ available: '50', frozen: '0' });
    const seen = await ok(m.c.post<OtcOrder>(OtcPath.order, { orderId: placed.id }));
    expect(seen).toMatchObject({ appealDecision: 'release', appealDecisionReason: '强制放币' });
    expect(await (await admin()).post(OtcPath.adminExecute, { orderId: placed.id, action: 'release', reason: '再次' })).toMatchObject({ status: 409 });
    const audit = (await ctx.database.db.execute(`select action from audit_log where object_type = 'otc_order' and object_id = '${placed.id}' order by id`)) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(['otc.appeal.verdict', 'otc.appeal.force-release']);
  });

  it('can end in a forced cancellation that returns the coins to the seller’s ad', async () => {
    const { m, b, placed, ad } = await paidOrder();
    await ok(m.c.post(OtcPath.appeal, { orderId: placed.id, type: 'notReceived', reason: '未收到款项' }));
    const executed = await ok((await admin()).post<OtcAdminAppealDetail>(OtcPath.adminExecute, { orderId: placed.id, action: 'cancel', reason: '买家未付款' }));
    expect(executed.order).toMatchObject({ status: 'cancelled', appealStatus: 'completed', appealBy: 'seller' });
    expect((await ok(m.c.post<OtcAd>(OtcPath.ad, { adId: ad.id }))).remaining).toBe('100');
    expect(await fiat(b.c, 'USDT')).toEqual({ available: '0', frozen: '0' });
    await ledgerClean();
  });

  it('are decided only by staff holding the customer-service or ombudsman right', async () => {
    const { b, placed } = await paidOrder();
    await ok(b.c.post(OtcPath.appeal, { orderId: placed.id, type: 'paidNotReleased', reason: '已付款' }));
    const auditor = await staffClient(ctx, 'auditor');
    expect(await auditor.post(OtcPath.adminExecute, { orderId: placed.id, action: 'release', reason: '强制放币' })).toMatchObject({ status: 403 });
    expect(await auditor.post(OtcPath.adminVerdict, { orderId: placed.id, action: 'release', reason: '强制放币' })).toMatchObject({ status: 403 });
  });
});

describe('staff ad moderation', () => {
  it('takes an ad down with a reason: unpaid orders become invalid and every coin returns', async () => {
    const m = await merchant();
    const ad = await sellAd(m.c, { totalVolume: '100' });
    const b = await fiatUser();
    const unpaid = await ok(order(b.c, ad.id, '20'));
    const paid = await ok(order(b.c, ad.id, '30'));
    await ok(b.c.post(OtcPath.confirmPayment, { orderId: paid.id }));
    const down = await ok((await admin()).post<OtcAd>(OtcPath.adminTakeDownAd, { adId: ad.id, reason: '价格异常' }));
    expect(down).toMatchObject({ status: 'withdrawn', takenDownReason: '价格异常', remaining: '0' });
    expect((await ok(b.c.post<OtcOrder>(OtcPath.order, { orderId: unpaid.id }))).status).toBe('invalid');
    expect((await ok(b.c.post<OtcOrder>(OtcPath.order, { orderId: paid.id }))).status).toBe('paid');
    expect(await fiat(m.c, 'USDT')).toEqual({ available: '970', frozen: '0' });
    await ok(m.c.post(OtcPath.release, { orderId: paid.id, fundPassword: FUND }));
    expect(await fiat(b.c, 'USDT')).toEqual({ available: '30', frozen: '0' });
    await ledgerClean();
  });
});

describe('pushes', () => {
  it('go to both parties’ own topics on every change', async () => {
    const m = await merchant();
    const ad = await sellAd(m.c, { totalVolume: '100' });
    const b = await fiatUser();
    const placed = await ok(order(b.c, ad.id, '20'));
    const rows = (await ctx.database.db.execute(`select topic, payload from outbox where push_type = 'otc' and payload->>'orderId' = '${placed.id}' order by id`)) as unknown as {
      rows: { topic: string; payload: { kind: string; status: string } }[];
    };
    expect(rows.rows.map((r) => r.topic).sort()).toEqual([WsTopic.user(b.userId), WsTopic.user(m.userId)].sort());
    expect(rows.rows.every((r) => r.payload.kind === 'order' && r.payload.status === 'unpaid')).toBe(true);
  });
});

describe('money', () => {
  it('is conserved: every fiat coin is in an available, frozen or escrow account', async () => {
    await ledgerClean();
    const sums = (await ctx.database.db.execute(`select kind, sum(balance)::text as total from ledger_accounts where kind = 'fiat_escrow' group by kind`)) as unknown as { rows: { total: string }[] };
    for (const row of sums.rows) expect(Decimal.parse(row.total).isNegative()).toBe(false);
  });
});

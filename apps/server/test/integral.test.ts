import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  EnterprisePath,
  IntegralPath,
  ListingPath,
  MALL_ORDER_COMPLETED,
  type AddressRow,
  type IntegralGoods,
  type IntegralHistoryEntry,
  type IntegralRule,
  type IntegralSummary,
  type Listing,
  type ListingPick,
  type Page,
  type Redemption,
  type SessionInfo,
  type RewardApplication,
  type SignInResult,
} from '@tp/contract';
import { verifyLedger } from '../src/modules/ledger/index';
import { PICK_COMPLETED } from '../src/modules/listing/index';
import { GOODS_STORED } from '../src/modules/warehouse/index';
import { buildApp } from '../src/app';
import { appendEvent, createOutboxPublisher } from '../src/platform/events/index';
import type { TestContext } from './harness';
import sharp from 'sharp';
import { newEnterprise, png, postFile } from './enterprise-support';
import { PASSWORD, type Client } from './identity-support';
import { startListingApp, type ListingWorld } from './listing-support';

let ctx: TestContext;
let world: ListingWorld;
let staff: Client;

beforeAll(async () => {
  ({ ctx, world } = await startListingApp());
  staff = world.staff;
});
afterAll(() => ctx.close());

async function ok<T>(promise: Promise<{ code: string; message: string; value: T }>): Promise<T> {
  const res = await promise;
  expect(res.code, res.message).toBe('0');
  return res.value;
}

const balanceOf = async (c: Client) => Number((await ok(c.post<IntegralSummary>(IntegralPath.summary, {}))).balance);

/** Publishes what the outbox holds and waits until the firm's balance reads `points` (the publisher wakes the awards). */
async function expectBalance(c: Client, points: number) {
  await ctx.app.platform.publisher.flush();
  await vi.waitFor(async () => expect(await balanceOf(c)).toBe(points), { timeout: 5000, interval: 50 });
}

/** An event as its module writes it: into the outbox, committed. */
const announce = (type: string, payload: object) => appendEvent(ctx.database.db, { type, topic: type, payload });

/** Publishes and lets the awards run to the end, so a test can check what did not happen. */
async function settle() {
  await ctx.app.platform.publisher.flush();
  await ctx.app.platform.consumers.drain();
}

async function history(c: Client) {
  return (await ok(c.post<Page<IntegralHistoryEntry>>(IntegralPath.history, { size: 100 }))).content;
}

/** Staff approve a reward application of `points`, the simplest way to give a firm points. */
async function grant(c: Client, points: number) {
  const applied = await ok(c.post<RewardApplication>(IntegralPath.apply, { reason: 'Promotion of the platform at a trade fair' }));
  return ok(staff.post<RewardApplication>(IntegralPath.adminDecide, { applicationId: applied.applicationId, approve: true, points }));
}

let addresses = 0;
async function address(c: Client) {
  addresses += 1;
  return ok(c.post<AddressRow>(EnterprisePath.addressSave, { recipients: '王收货', recipientsCellphone: '13700000000', region: '江苏省南京市', addressName: `江宁区胜太路${addresses}号` }));
}

async function goods(fields: { points: number; stock: number; limitPerFirm: number; name?: string }) {
  return ok(staff.post<IntegralGoods>(IntegralPath.adminSaveGoods, { name: fields.name ?? '保温杯', description: '304 不锈钢', status: 'T', ...fields }));
}

describe('earning rules', () => {
  it('a completed pick rewards both parties per 1,000 yuan, and the seller once for its first stock-in', async () => {
    const seller = await world.firmWithFunds('500');
    const holding = await world.storedHolding(seller.c);
    // The first stock-in: 200 points by the default rule.
    await expectBalance(seller.c, 200);
    const second = await world.storedHolding(seller.c);
    expect(second.holdId).not.toBe(holding.holdId);
    await ctx.app.platform.publisher.flush();

    const listing = await ok(seller.c.post<Listing>(ListingPath.create, world.listingRequest.spot(holding.holdId, { price: '1000', quantity: '40', weight: '100.2' })));
    const buyer = await world.firmWithFunds('100000');
    const pick = await ok(buyer.c.post<ListingPick>(ListingPath.pick, { listingId: listing.listingId, quantity: '15' }));
    await ok(seller.c.post<ListingPick>(ListingPath.confirmPick, { pickId: pick.pickId }));
    // 15,000.00 yuan: 15 thousands × 10 points, to each side.
    await expectBalance(buyer.c, 150);
    await expectBalance(seller.c, 350);
    // The same completion announced again (a producer retrying) awards nothing more.
    await announce(PICK_COMPLETED, { pickId: pick.pickId, buyerFirmId: buyer.firmId, sellerFirmId: seller.firmId, amount: '15000.00' });
    await announce(GOODS_STORED, { firmId: seller.firmId });
    await settle();
    expect(await balanceOf(buyer.c)).toBe(150);
    expect(await balanceOf(seller.c)).toBe(350);

    const lines = await history(seller.c);
    expect(lines.map((l) => [l.reason, l.points])).toEqual([
      ['trade', '150'],
      ['firstWarehousing', '200'],
    ]);
    expect(lines[0]!.balanceAfter).toBe('350');
  });

  it('a completed mall order rewards its buyer once per order', async () => {
    const buyer = await newEnterprise(ctx);
    const completed = { orderId: 'M-1001', buyerFirmId: buyer.session.firmId, amount: '2999.99' };
    await announce(MALL_ORDER_COMPLETED, completed);
    await expectBalance(buyer.c, 20);
    await announce(MALL_ORDER_COMPLETED, completed);
    await settle();
    expect(await balanceOf(buyer.c)).toBe(20);
    expect((await history(buyer.c)).map((l) => l.reason)).toEqual(['mallPurchase']);
  });

  it('an award that fails (a database hiccup) is tried again after its backoff and made once', async () => {
    const buyer = await newEnterprise(ctx);
    // The next points credit written fails once, as a dropped connection would make it.
    await ctx.database.db.execute(sql`create sequence integral_hiccups`);
    await ctx.database.db.execute(sql`
      create function integral_hiccup() returns trigger language plpgsql as $$
      begin
        if nextval('integral_hiccups') = 1 then raise exception 'connection lost'; end if;
        return new;
      end $$`);
    await ctx.database.db.execute(sql`create trigger integral_hiccup before insert on integral_credits for each row execute function integral_hiccup()`);
    try {
      await announce(MALL_ORDER_COMPLETED, { orderId: 'M-3001', buyerFirmId: buyer.session.firmId, amount: '5000' });
      await settle();
      expect(await balanceOf(buyer.c)).toBe(0);
      // Not before its backoff (a second)…
      await ctx.app.platform.consumers.drain();
      expect(await balanceOf(buyer.c)).toBe(0);
      // …then once.
      ctx.clock.advance(1_000);
      await ctx.app.platform.consumers.drain();
      expect(await balanceOf(buyer.c)).toBe(50);
      await ctx.app.platform.consumers.drain();
      expect((await history(buyer.c)).map((l) => [l.reason, l.points])).toEqual([['mallPurchase', '50']]);
    } finally {
      await ctx.database.db.execute(sql`drop trigger integral_hiccup on integral_credits`);
      await ctx.database.db.execute(sql`drop function integral_hiccup`);
      await ctx.database.db.execute(sql`drop sequence integral_hiccups`);
    }
  });

  it('an event published by an instance that stopped before awarding it is awarded once by the next instance', async () => {
    const buyer = await newEnterprise(ctx);
    // The instance that published it went down at once: its publisher reached the bus, its awards never ran.
    const gone = createOutboxPublisher({ db: ctx.database.db, bus: ctx.app.platform.bus, clock: ctx.clock, logger: { info: () => {}, warn: () => {}, error: () => {} } });
    await announce(MALL_ORDER_COMPLETED, { orderId: 'M-4001', buyerFirmId: buyer.session.firmId, amount: '3000' });
    expect(await gone.flush()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await balanceOf(buyer.c)).toBe(0);

    // The next instance to start over the same database awards it, once.
    const next = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
    try {
      next.platform.consumers.start();
      await vi.waitFor(async () => expect(await balanceOf(buyer.c)).toBe(30), { timeout: 5000, interval: 50 });
      await next.platform.consumers.drain();
      await ctx.app.platform.consumers.drain();
      expect(await balanceOf(buyer.c)).toBe(30);
    } finally {
      await next.close();
    }
  });

  it('staff set the rules, audited; a disabled rule awards nothing', async () => {
    const rules = await ok(staff.post<IntegralRule[]>(IntegralPath.adminSaveRule, { key: 'mallPurchase', points: 25, enabled: true }));
    expect(rules.find((r) => r.key === 'mallPurchase')).toMatchObject({ points: 25, enabled: true });
    const buyer = await newEnterprise(ctx);
    await announce(MALL_ORDER_COMPLETED, { orderId: 'M-2001', buyerFirmId: buyer.session.firmId, amount: '4000' });
    await expectBalance(buyer.c, 100);

    await ok(staff.post(IntegralPath.adminSaveRule, { key: 'mallPurchase', points: 25, enabled: false }));
    await announce(MALL_ORDER_COMPLETED, { orderId: 'M-2002', buyerFirmId: buyer.session.firmId, amount: '4000' });
    await settle();
    expect(await balanceOf(buyer.c)).toBe(100);
    await ok(staff.post(IntegralPath.adminSaveRule, { key: 'mallPurchase', points: 10, enabled: true }));

    const audit = await ok(staff.post<Page<{ action: string }>>('/api/admin/audit/log', { action: 'integral.rule.save' }));
    expect(audit.content.filter((a) => a.action === 'integral.rule.save').length).toBeGreaterThanOrEqual(3);

    const firm = await newEnterprise(ctx);
    const refused = await firm.c.post(IntegralPath.adminSaveRule, { key: 'signIn', points: 1000, enabled: true });
    expect(refused).toMatchObject({ status: 401 });
  });

  it('signs in once per user and day, however many clicks arrive at once', async () => {
    const firm = await newEnterprise(ctx);
    const results = await Promise.all(Array.from({ length: 12 }, () => firm.c.post<SignInResult>(IntegralPath.signIn, {})));
    expect(results.filter((r) => r.code === '0')).toHaveLength(1);
    const refused = results.filter((r) => r.code !== '0');
    expect(refused).toHaveLength(11);
    expect(refused[0]).toMatchObject({ status: 409, message: 'You have already signed in today' });
    expect(await balanceOf(firm.c)).toBe(5);
    expect((await ok(firm.c.post<IntegralSummary>(IntegralPath.summary, {}))).signedInToday).toBe(true);
  });

  it('reward applications: staff approve with points or reject with a reason, once', async () => {
    const firm = await newEnterprise(ctx);
    const approved = await grant(firm.c, 300);
    expect(approved).toMatchObject({ status: 'T', points: 300 });
    expect(await balanceOf(firm.c)).toBe(300);
    const again = await staff.post(IntegralPath.adminDecide, { applicationId: approved.applicationId, approve: true, points: 300 });
    expect(again).toMatchObject({ status: 409, message: 'It is approved; you cannot review it' });

    const second = await ok(firm.c.post<RewardApplication>(IntegralPath.apply, { reason: 'Ten years of membership' }));
    const pending = await firm.c.post(IntegralPath.apply, { reason: 'Another application' });
    expect(pending).toMatchObject({ status: 409, message: 'A reward application of your firm is awaiting review' });
    const noReason = await staff.post(IntegralPath.adminDecide, { applicationId: second.applicationId, approve: false });
    expect(noReason).toMatchObject({ status: 400, message: 'Rejecting needs a reason (reason)' });
    const rejected = await ok(staff.post<RewardApplication>(IntegralPath.adminDecide, { applicationId: second.applicationId, approve: false, reason: '不符合活动规则' }));
    expect(rejected).toMatchObject({ status: 'F', points: 0, decisionReason: '不符合活动规则' });
    expect(await balanceOf(firm.c)).toBe(300);
    const mine = await ok(firm.c.post<Page<RewardApplication>>(IntegralPath.applications, {}));
    expect(mine.content.map((a) => a.status)).toEqual(['F', 'T']);
  });
});

describe('integral shop', () => {
  it('redeems, ships, receives; a cancel before shipping refunds the points and the stock', async () => {
    const firm = await newEnterprise(ctx);
    await grant(firm.c, 1000);
    const cup = await goods({ points: 120, stock: 10, limitPerFirm: 5 });
    const consigneeId = (await address(firm.c)).id;

    const listed = await ok(firm.c.post<Page<IntegralGoods>>(IntegralPath.goods, {}));
    expect(listed.content.find((g) => g.goodsId === cup.goodsId)).toMatchObject({ points: 120, stock: 10, redeemedByFirm: 0 });

    const first = await ok(firm.c.post<Redemption>(IntegralPath.redeem, { goodsId: cup.goodsId, quantity: 2, consigneeId }));
    expect(first).toMatchObject({ status: 'W', points: 240, quantity: 2, recipients: '王收货', goodsName: '保温杯' });
    expect(await balanceOf(firm.c)).toBe(760);
    const second = await ok(firm.c.post<Redemption>(IntegralPath.redeem, { goodsId: cup.goodsId, quantity: 1, consigneeId }));
    expect((await ok(firm.c.post<IntegralGoods>(IntegralPath.goodsDetail, { goodsId: cup.goodsId })))).toMatchObject({ stock: 7, redeemedByFirm: 3 });

    const cancelled = await ok(firm.c.post<Redemption>(IntegralPath.cancel, { redemptionId: second.redemptionId }));
    expect(cancelled.status).toBe('U');
    expect(await balanceOf(firm.c)).toBe(760);
    expect((await ok(firm.c.post<IntegralGoods>(IntegralPath.goodsDetail, { goodsId: cup.goodsId })))).toMatchObject({ stock: 8, redeemedByFirm: 2 });
    const cancelTwice = await firm.c.post(IntegralPath.cancel, { redemptionId: second.redemptionId });
    expect(cancelTwice).toMatchObject({ status: 409, message: 'It is cancelled; you cannot cancel it' });

    const early = await firm.c.post(IntegralPath.receive, { redemptionId: first.redemptionId });
    expect(early).toMatchObject({ status: 409, message: 'It is awaiting shipment; you cannot confirm receipt' });
    const shipped = await ok(staff.post<Redemption>(IntegralPath.adminShip, { redemptionId: first.redemptionId, trackingNo: 'SF1234567890' }));
    expect(shipped).toMatchObject({ status: 'S', trackingNo: 'SF1234567890' });
    const lateCancel = await firm.c.post(IntegralPath.cancel, { redemptionId: first.redemptionId });
    expect(lateCancel).toMatchObject({ status: 409, message: 'It is shipped; you cannot cancel it' });
    expect(await ok(firm.c.post<Redemption>(IntegralPath.receive, { redemptionId: first.redemptionId }))).toMatchObject({ status: 'T', trackingNo: 'SF1234567890' });

    expect((await history(firm.c)).map((l) => [l.reason, l.points])).toEqual([
      ['refund', '120'],
      ['redeem', '-120'],
      ['redeem', '-240'],
      ['application', '1000'],
    ]);
    const audit = await ok(staff.post<Page<{ action: string; objectId: string }>>('/api/admin/audit/log', { action: 'integral.redemption.ship' }));
    expect(audit.content.some((a) => a.action === 'integral.redemption.ship' && a.objectId === first.redemptionId)).toBe(true);
  });

  it('shows a listed good’s picture to anyone, re-encoded with a 300 px thumbnail; refuses what is not a picture', async () => {
    const upload = await postFile(ctx, staff, IntegralPath.adminUpload, await png(800, 500));
    expect(upload.code, upload.message).toBe('0');
    const kettle = await ok(staff.post<IntegralGoods>(IntegralPath.adminSaveGoods, { name: '电水壶', points: 300, stock: 2, limitPerFirm: 1, status: 'T', imageId: upload.value.id }));
    expect(kettle.imageUrl).toBe(`/api/integral/goods/image/${kettle.goodsId}`);
    const image = await ctx.app.http.inject({ method: 'GET', url: kettle.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    const thumb = await ctx.app.http.inject({ method: 'GET', url: kettle.thumbUrl! });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(300);

    const text = await postFile(ctx, staff, IntegralPath.adminUpload, Buffer.from('not a picture'), 'note.png');
    expect(text).toMatchObject({ status: 400, message: 'The picture must be a JPG or PNG (img)' });
    await ok(staff.post(IntegralPath.adminSaveGoods, { goodsId: kettle.goodsId, name: '电水壶', points: 300, stock: 2, limitPerFirm: 1, status: 'O' }));
    expect((await ctx.app.http.inject({ method: 'GET', url: kettle.imageUrl! })).statusCode).toBe(404);
  });

  it('refuses what the firm cannot pay, an address not in its book, goods off the shelf', async () => {
    const firm = await newEnterprise(ctx);
    await grant(firm.c, 100);
    const consigneeId = (await address(firm.c)).id;
    const lamp = await goods({ points: 150, stock: 5, limitPerFirm: 5, name: '台灯' });
    expect(await firm.c.post(IntegralPath.redeem, { goodsId: lamp.goodsId, quantity: 1, consigneeId })).toMatchObject({ status: 409, message: 'Not enough integrals: 150 needed, 100 available' });
    const other = await newEnterprise(ctx);
    const foreignAddress = (await address(other.c)).id;
    expect(await firm.c.post(IntegralPath.redeem, { goodsId: lamp.goodsId, quantity: 1, consigneeId: foreignAddress })).toMatchObject({
      status: 404,
      message: 'No such delivery address in your address book (consigneeId)',
    });
    await ok(staff.post(IntegralPath.adminSaveGoods, { goodsId: lamp.goodsId, name: '台灯', points: 50, stock: 5, limitPerFirm: 5, status: 'O' }));
    expect(await firm.c.post(IntegralPath.redeem, { goodsId: lamp.goodsId, quantity: 1, consigneeId })).toMatchObject({ status: 409, message: 'These goods are off the shelf' });
    expect(await firm.c.post(IntegralPath.goodsDetail, { goodsId: lamp.goodsId })).toMatchObject({ status: 404 });
    expect(await balanceOf(firm.c)).toBe(100);
  });

  it('never oversells the last pieces under concurrent redemptions', async () => {
    const pen = await goods({ points: 10, stock: 3, limitPerFirm: 10, name: '钢笔' });
    const firms = await Promise.all(Array.from({ length: 4 }, () => newEnterprise(ctx)));
    const ready = await Promise.all(
      firms.map(async (f) => {
        await grant(f.c, 100);
        return { c: f.c, consigneeId: (await address(f.c)).id };
      }),
    );
    const attempts = await Promise.all(ready.flatMap((f) => Array.from({ length: 3 }, () => f.c.post<Redemption>(IntegralPath.redeem, { goodsId: pen.goodsId, quantity: 1, consigneeId: f.consigneeId }))));
    expect(attempts.filter((r) => r.code === '0')).toHaveLength(3);
    expect(attempts.filter((r) => r.code !== '0').every((r) => r.status === 409 && r.message === 'Not enough stock: 0 left (quantity)')).toBe(true);
    const after = await ok(staff.post<Page<IntegralGoods>>(IntegralPath.adminGoods, { size: 100 }));
    expect(after.content.find((g) => g.goodsId === pen.goodsId)!.stock).toBe(0);
    const spent = (await Promise.all(ready.map((f) => balanceOf(f.c)))).reduce((s, b) => s + (100 - b), 0);
    expect(spent).toBe(30);
  });

  it('holds the per-firm limit under concurrent redemptions', async () => {
    const mug = await goods({ points: 10, stock: 100, limitPerFirm: 2, name: '马克杯' });
    const firm = await newEnterprise(ctx);
    await grant(firm.c, 500);
    const consigneeId = (await address(firm.c)).id;
    const attempts = await Promise.all(Array.from({ length: 8 }, () => firm.c.post<Redemption>(IntegralPath.redeem, { goodsId: mug.goodsId, quantity: 1, consigneeId })));
    expect(attempts.filter((r) => r.code === '0')).toHaveLength(2);
    expect(attempts.find((r) => r.code !== '0')).toMatchObject({ status: 409, message: 'Each firm may redeem at most 2; yours has 2 (quantity)' });
    expect(await balanceOf(firm.c)).toBe(480);
  });

  it('a firm never reads or moves another firm’s redemptions; firms cannot use the back office', async () => {
    const owner = await newEnterprise(ctx);
    await grant(owner.c, 100);
    const book = await goods({ points: 10, stock: 5, limitPerFirm: 5, name: '笔记本' });
    const mine = await ok(owner.c.post<Redemption>(IntegralPath.redeem, { goodsId: book.goodsId, quantity: 1, consigneeId: (await address(owner.c)).id }));
    const stranger = await newEnterprise(ctx);
    expect(await stranger.c.post(IntegralPath.cancel, { redemptionId: mine.redemptionId })).toMatchObject({ status: 404, message: 'No such redemption' });
    expect(await stranger.c.post(IntegralPath.receive, { redemptionId: mine.redemptionId })).toMatchObject({ status: 404 });
    expect((await ok(stranger.c.post<Page<Redemption>>(IntegralPath.redemptions, {}))).total).toBe(0);
    expect(await stranger.c.post(IntegralPath.adminShip, { redemptionId: mine.redemptionId, trackingNo: 'SF0000000000' })).toMatchObject({ status: 401 });
    expect(await stranger.c.post(IntegralPath.adminRedemptions, {})).toMatchObject({ status: 401 });
    expect(await stranger.c.post(IntegralPath.adminDecide, { applicationId: '1', approve: true, points: 100000 })).toMatchObject({ status: 401 });
    expect((await ok(owner.c.post<Page<Redemption>>(IntegralPath.redemptions, {}))).content.map((r) => r.redemptionId)).toEqual([mine.redemptionId]);
  });
});

/** Trading time moved on past the session's life: the user logs in again. */
async function signInAgain(firm: { c: Client; session: SessionInfo }) {
  const again = await ok(firm.c.post<SessionInfo>('/api/user/login', { loginAccount: firm.session.tel, password: PASSWORD }));
  firm.c.useSession(again);
}

async function runJobs() {
  for (let batch = 0; batch < 20 && (await ctx.app.platform.scheduler.runDue()) > 0; batch++);
}

describe('year-end expiry', () => {
  it('expires the points of the past year that were not spent, once, by the scheduled job', async () => {
    const firm = await newEnterprise(ctx);
    await grant(firm.c, 500);
    expect(await ok(firm.c.post<SignInResult>(IntegralPath.signIn, {}))).toEqual({ points: 5, balance: '505' });
    const tea = await goods({ points: 100, stock: 10, limitPerFirm: 10, name: '茶叶' });
    await ok(firm.c.post<Redemption>(IntegralPath.redeem, { goodsId: tea.goodsId, quantity: 2, consigneeId: (await address(firm.c)).id }));
    expect(await balanceOf(firm.c)).toBe(305);

    const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(ctx.clock.now()));
    // Into the new year (Asia/Shanghai): 2 January, 10:00.
    ctx.clock.set(`${year + 1}-01-02T02:00:00.000Z`);
    await signInAgain(firm);
    // A new day: the user signs in again.
    expect(await ok(firm.c.post<SignInResult>(IntegralPath.signIn, {}))).toEqual({ points: 5, balance: '310' });

    // The hourly job's first slot of the new year comes due.
    await runJobs();
    ctx.clock.advance(3_600_000);
    await runJobs();
    await signInAgain(firm);
    // 305 left of last year expire; the 5 earned this year stay.
    expect(await balanceOf(firm.c)).toBe(5);
    expect((await history(firm.c))[0]).toMatchObject({ reason: 'expire', points: '-305', balanceAfter: '5' });

    ctx.clock.advance(3_600_000);
    await runJobs();
    await signInAgain(firm);
    expect(await balanceOf(firm.c)).toBe(5);
  });
});

describe('the books', () => {
  it('balance: every integral journal balances and ledger:verify is clean', async () => {
    const report = await verifyLedger(ctx.database.db, ctx.clock);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
    // The points the firms hold are exactly what the platform has issued (the issuance account is their negative).
    const rows = (await ctx.database.db.execute(sql`select coalesce(sum(balance), 0)::text as total, count(*)::int as accounts from ledger_accounts where currency = 'INTEGRAL'`)) as unknown as {
      rows: { total: string; accounts: number }[];
    };
    expect(Number(rows.rows[0]!.total)).toBe(0);
    expect(rows.rows[0]!.accounts).toBeGreaterThan(5);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminPath,
  ExchangeAssetPath,
  FuturesPath,
  RISK_DISCLOSURE_VERSION,
  SpotPath,
  VerificationPath,
  WS_PATH,
  type AdminFuturesPosition,
  type AdminSession,
  type AssetOverview,
  type FuturesDeal,
  type FuturesLiquidation,
  type FuturesListing,
  type FuturesOrder,
  type FuturesPosition,
  type Page,
  type SaveFuturesListing,
} from '@tp/contract';
import { Decimal } from '@tp/decimal';
import { seedDemoHoldings } from '../src/modules/asset/index';
import { createFirmService } from '../src/modules/firm/index';
import { platformStaff, seedDemoIdentities } from '../src/modules/identity/index';
import { seedStaffRoles } from '../src/modules/staff/index';
import { createLedgerService, verifyLedger } from '../src/modules/ledger/index';
import { riskAccount } from '../src/modules/futures/index';
import { createTestApp, type TestContext } from './harness';
import { client, idWithCheck, registerByPhone, type Client } from './identity-support';
import { trader } from './spot-support';
import { WsClient } from './system-fakes';

let ctx: TestContext;
let staff: Client;
let listing: FuturesListing;
/** Two spot traders who set the mark price by trading with each other. */
let marketSeller: Client;
let marketBuyer: Client;
let requests = 0;

async function staffClient(account: string, rights: string[]): Promise<Client> {
  await seedDemoIdentities(
    { db: ctx.database.db, clock: ctx.clock, firm: createFirmService({ db: ctx.database.db, clock: ctx.clock }) },
    { password: 'Futures@123456', firms: [], staff: [{ account, name: account, role: 'risk' }] },
  );
  await seedStaffRoles(ctx.database.db, { directory: platformStaff, at: ctx.clock.now(), roles: [{ name: `${account}-role`, rights: rights as never, holders: [account] }] });
  const c = client(ctx);
  const login = await c.post<AdminSession>(AdminPath.login, { account, password: 'Futures@123456' });
  c.useSession({ sessionStr: login.value.sessionStr, userId: login.value.staffId, firmId: '' });
  return c;
}

const RULES: SaveFuturesListing = {
  name: 'BTC test',
  code: 'TBTC',
  symbol: 'BTCUSDT',
  tickSize: '0.01',
  unit: '0.01',
  marginAlgorithm: 'percent',
  marginCoefficient: '0.1',
  maintenanceRate: '0.5',
  feeAlgorithm: 'percent',
  openFee: '0.0005',
  closeFee: '0.0005',
  minLots: 1,
  maxLots: 10,
  maxPosition: 20,
  priceDifference: '1',
  overnightFee: '0.0002',
  allowMarketOpen: true,
  allowMarketClose: true,
  allowStops: true,
};

async function newListing(rules: Partial<SaveFuturesListing> = {}): Promise<FuturesListing> {
  const saved = await staff.post<FuturesListing>(FuturesPath.adminSave, { ...RULES, ...rules });
  expect(saved.code, saved.message).toBe('0');
  const listed = await staff.post<FuturesListing>(FuturesPath.adminStatus, { listingId: saved.value.listingId, status: 'listed' });
  expect(listed.value.status).toBe('listed');
  return listed.value;
}

/** The spot market trades once at `price`: the mark of every listing on it. */
async function setMark(price: string): Promise<void> {
  const sell = await marketSeller.post(SpotPath.place, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price, quantity: '0.001' });
  expect(sell.code, sell.message).toBe('0');
  const buy = await marketBuyer.post(SpotPath.place, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price, quantity: '0.001' });
  expect(buy.value).toMatchObject({ status: 'filled' });
}

/** A verified trader with `amount` USDT moved from spot to the contract account. */
async function futuresTrader(amount = '2000'): Promise<Client> {
  const { c } = await trader(ctx);
  const moved = await c.post(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'contract', amount, requestId: `futures-${process.pid}-${++requests}` });
  expect(moved.code, moved.message).toBe('0');
  return c;
}

async function contract(c: Client): Promise<{ available: string; frozen: string }> {
  const overview = await c.post<AssetOverview>(ExchangeAssetPath.overview);
  const row = overview.value.accounts.find((a) => a.accountType === 'contract')?.balances.find((b) => b.asset === 'USDT');
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

const order = (c: Client, body: Record<string, unknown>) => c.post<FuturesOrder>(FuturesPath.place, { listingId: listing.listingId, lots: 1, ...body });
const positions = async (c: Client) => (await c.post<FuturesPosition[]>(FuturesPath.positions, {})).value.filter((p) => p.listingId === listing.listingId);
const watch = () => ctx.app.services.futures.watch();

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffClient('futures1', ['futures.manage', 'users.manage']);
  marketSeller = (await trader(ctx)).c;
  marketBuyer = (await trader(ctx)).c;
  listing = await newListing();
  await setMark('60000');
});
afterAll(() => ctx.close());

describe('contract trading', () => {
  it('opens a long at the mark plus the price difference, holds margin and charges the fee, and closes with the P&L less the closing fee, to the unit', async () => {
    const c = await futuresTrader('2000');
    const opened = await order(c, { side: 'long', action: 'open', type: 'market', lots: 2 });
    expect(opened.code, opened.message).toBe('0');
    // 60000 + 1; notional 60001 × 2 × 0.01 = 1200.02; margin 10 % = 120.002; fee 0.05 % = 0.60001.
    expect(opened.value).toMatchObject({ status: 'filled', fillPrice: '60001', filledLots: 2, frozenMargin: '120.002', frozenFee: '0.60001' });
    expect(await contract(c)).toEqual({ available: '1879.39799', frozen: '120.002' });
    expect(await positions(c)).toEqual([
      expect.objectContaining({ side: 'long', lots: 2, averagePrice: '60001', openPrice: '60001', margin: '120.002', mark: '60000', floatingPnl: '-0.02', mode: 'market' }),
    ]);

    await setMark('61000');
    expect((await positions(c))[0]).toMatchObject({ mark: '61000', floatingPnl: '19.98' });
    const closed = await order(c, { side: 'long', action: 'close', type: 'market', lots: 2 });
    // Sold at 61000 − 1: P&L (60999 − 60001) × 0.02 = 19.96; closing fee 60999 × 0.02 × 0.05 % = 0.60999.
    expect(closed.value).toMatchObject({ status: 'filled', fillPrice: '60999' });
    expect(await contract(c)).toEqual({ available: '2018.75', frozen: '0' });
    expect(await positions(c)).toEqual([]);
    const deals = (await c.post<Page<FuturesDeal>>(FuturesPath.deals, {})).value.content;
    expect(deals.map((d) => [d.action, d.dealType, d.price, d.lots, d.fee, d.realizedPnl])).toEqual([
      ['close', 'market', '60999', 2, '0.60999', '19.96'],
      ['open', 'market', '60001', 2, '0.60001', '0'],
    ]);

    // Back to spot: 10000 − 2000 + 2018.75.
    const back = await c.post(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'contract', to: 'spot', amount: '2018.75', requestId: `futures-${process.pid}-${++requests}` });
    expect(back.code).toBe('0');
    const overview = await c.post<AssetOverview>(ExchangeAssetPath.overview);
    expect(overview.value.accounts.find((a) => a.accountType === 'spot')?.balances.find((b) => b.asset === 'USDT')?.available).toBe('10018.75');
  });

  it('rests a limit order until the mark crosses it, then fills at its price; a cancel gives back what it held', async () => {
    const c = await futuresTrader('1000');
    const resting = await order(c, { side: 'long', action: 'open', type: 'limit', price: '60500' });
    // 60500 × 0.01: margin 60.5, fee 0.3025, held until it fills.
    expect(resting.value).toMatchObject({ status: 'entrusted', frozenMargin: '60.5', frozenFee: '0.3025' });
    expect(await contract(c)).toEqual({ available: '939.1975', frozen: '60.8025' });
    const far = await order(c, { side: 'long', action: 'open', type: 'limit', price: '50000' });
    expect(far.value.status).toBe('entrusted');

    expect(await watch()).toBe(0);
    await setMark('60400');
    expect(await watch()).toBe(1);
    const filled = await c.post<FuturesOrder>(FuturesPath.order, { orderId: resting.value.orderId });
    expect(filled.value).toMatchObject({ status: 'filled', fillPrice: '60500' });
    expect((await positions(c))[0]).toMatchObject({ lots: 1, averagePrice: '60500', mode: 'limit', margin: '60.5' });

    const cancelled = await c.post<FuturesOrder>(FuturesPath.cancel, { orderId: far.value.orderId });
    expect(cancelled.value.status).toBe('cancelled');
    expect(await contract(c)).toEqual({ available: '939.1975', frozen: '60.5' });
    const open = await c.post<Page<FuturesOrder>>(FuturesPath.orders, { open: true });
    expect(open.value.total).toBe(0);

    // Stop-loss below and stop-profit above the mark for a long; the wrong side is refused, naming the field.
    const wrong = await c.post(FuturesPath.stops, { positionId: (await positions(c))[0]!.positionId, stopProfit: '', stopLoss: '61000' });
    expect(wrong).toMatchObject({ status: 422, code: '-3804', message: 'The stop-profit and stop-loss are wrong: Stop-loss price must be below the current price 60400' });
    const none = await c.post(FuturesPath.stops, { positionId: (await positions(c))[0]!.positionId, stopProfit: '', stopLoss: '' });
    expect(none.status).toBe(422);
    const stops = await c.post<FuturesPosition>(FuturesPath.stops, { positionId: (await positions(c))[0]!.positionId, stopProfit: '62000', stopLoss: '60000' });
    expect(stops.value).toMatchObject({ stopProfit: '62000', stopLoss: '60000' });

    // The mark falls through the stop-loss: closed at the market price (mark − 1), deal type stop-loss.
    await setMark('59900');
    expect(await watch()).toBe(1);
    expect(await positions(c)).toEqual([]);
    const [stopped] = (await c.post<Page<FuturesDeal>>(FuturesPath.deals, {})).value.content;
    // (59899 − 60500) × 0.01 = −6.01; fee 598.99 × 0.05 % = 0.299495.
    expect(stopped).toMatchObject({ dealType: 'stop_loss', price: '59899', realizedPnl: '-6.01', fee: '0.299495' });
    expect(await contract(c)).toEqual({ available: '993.388005', frozen: '0' });
  });

  it('compulsorily closes a position whose equity falls under the maintenance margin, the loss beyond the margin borne by the risk account', async () => {
    await setMark('60000');
    const c = await futuresTrader('500');
    await order(c, { side: 'long', action: 'open', type: 'market' });
    // Margin 60.001, fee 0.300005.
    expect(await contract(c)).toEqual({ available: '439.698995', frozen: '60.001' });
    const ledger = createLedgerService({ clock: ctx.clock });
    const riskBefore = (await ledger.account(ctx.database.db, riskAccount('USDT')))?.balance ?? '0';

    // A gap to 53000: the loss (53000 − 60001) × 0.01 = −70.01 is 10.009 beyond the margin.
    await setMark('53000');
    expect(await watch()).toBe(1);
    expect(await positions(c)).toEqual([]);
    expect(await contract(c)).toEqual({ available: '439.698995', frozen: '0' });
    const [deal] = (await c.post<Page<FuturesDeal>>(FuturesPath.deals, {})).value.content;
    expect(deal).toMatchObject({ dealType: 'liquidation', price: '53000', realizedPnl: '-70.01', fee: '0' });
    const riskAfter = (await ledger.account(ctx.database.db, riskAccount('USDT')))?.balance;
    expect(Decimal.parse(riskBefore).sub(riskAfter ?? '0').toFixed(6)).toBe('10.009000');

    const liquidations = await staff.post<Page<FuturesLiquidation>>(FuturesPath.adminLiquidations, {});
    expect(liquidations.value.content[0]).toMatchObject({ code: 'TBTC', price: '53000', realizedPnl: '-70.01', shortfall: '10.009' });
  });

  it('refuses orders that break the rules, naming the field, and holds nothing', async () => {
    await setMark('60000');
    const c = await futuresTrader('100');
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ side: 'long', action: 'open', type: 'market', lots: 0 }, 422, 'Failed to place an order: Quantity must be at least 1'],
      [{ side: 'long', action: 'open', type: 'market', lots: 11 }, 422, 'Failed to place an order: Quantity must be at most 10'],
      [{ side: 'long', action: 'open', type: 'limit', lots: 1 }, 422, 'Failed to place an order: Price is required for a limit order'],
      [{ side: 'long', action: 'open', type: 'limit', price: '60000.005' }, 422, 'Failed to place an order: Price must be a multiple of 0.01'],
      [{ side: 'long', action: 'open', type: 'market', stopLoss: '61000' }, 422, 'The stop-profit and stop-loss are wrong: Stop-loss price must be below the current price 60001'],
      [{ side: 'short', action: 'open', type: 'market', stopProfit: '61000' }, 422, 'The stop-profit and stop-loss are wrong: Stop-profit price must be below the current price 59999'],
      [{ side: 'long', action: 'close', type: 'market' }, 422, 'Failed to place an order: Quantity is above what can be closed (0)'],
      [{ side: 'long', action: 'open', type: 'market', lots: 2 }, 409, 'Failed to place an order: Contract account balance is not enough (needs 120.60201)'],
    ];
    for (const [body, status, message] of refusals) expect(await order(c, body), message).toMatchObject({ status, message });
    expect(await contract(c)).toEqual({ available: '100', frozen: '0' });

    const delisted = await newListing({ code: 'TBTC2', name: 'BTC delisted' });
    expect((await staff.post(FuturesPath.adminStatus, { listingId: delisted.listingId, status: 'delisted' })).code).toBe('0');
    const onDelisted = await c.post(FuturesPath.place, { listingId: delisted.listingId, side: 'long', action: 'open', type: 'market', lots: 1 });
    expect(onDelisted).toMatchObject({ status: 409, message: 'Failed to place an order: Contract is not listed' });
    expect((await staff.post(FuturesPath.adminStatus, { listingId: delisted.listingId, status: 'listed' })).status).toBe(422);
    const listings = (await client(ctx).get<FuturesListing[]>(FuturesPath.listings)).value;
    expect(listings.map((l) => l.code)).toContain('TBTC');
    expect(listings.map((l) => l.code)).not.toContain('TBTC2');
  });

  it('refuses proprietary members and users without the risk disclosure or a real name', async () => {
    const member = await trader(ctx);
    await member.c.post(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'contract', amount: '100', requestId: `futures-${process.pid}-${++requests}` });
    expect((await staff.post(AdminPath.userProprietary, { userId: member.userId, proprietary: true })).code).toBe('0');
    expect(await order(member.c, { side: 'long', action: 'open', type: 'market' })).toMatchObject({ status: 403, message: 'Proprietary members cannot trade' });
    expect(await contract(member.c)).toEqual({ available: '100', frozen: '0' });

    // Verified, but the risk disclosure not accepted.
    const undisclosed = client(ctx);
    const session = await registerByPhone(ctx, undisclosed);
    undisclosed.useSession(session);
    await undisclosed.post(VerificationPath.basic, { name: '测试', idNumber: idWithCheck('31010119900101987') });
    await seedDemoHoldings(ctx.database.db, createLedgerService({ clock: ctx.clock }), session.userId);
    await undisclosed.post(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'contract', amount: '100', requestId: `futures-${process.pid}-${++requests}` });
    expect(await order(undisclosed, { side: 'long', action: 'open', type: 'market' })).toMatchObject({ status: 403, message: 'Failed to place an order: read and accept the risk disclosure first' });

    // The disclosure accepted, but no real name.
    const unverified = client(ctx);
    const other = await registerByPhone(ctx, unverified);
    unverified.useSession(other);
    await seedDemoHoldings(ctx.database.db, createLedgerService({ clock: ctx.clock }), other.userId);
    await unverified.post(SpotPath.acceptRiskDisclosure, { version: RISK_DISCLOSURE_VERSION });
    await unverified.post(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'contract', amount: '100', requestId: `futures-${process.pid}-${++requests}` });
    const refused = await order(unverified, { side: 'long', action: 'open', type: 'market' });
    expect(refused.status).toBe(403);
    expect(await contract(unverified)).toEqual({ available: '100', frozen: '0' });
  });

  it('keeps each user’s entrustments their own: another user can neither read nor cancel them', async () => {
    const owner = await futuresTrader('1000');
    const stranger = await futuresTrader('10');
    const resting = await order(owner, { side: 'long', action: 'open', type: 'limit', price: '40000' });
    expect(await stranger.post(FuturesPath.cancel, { orderId: resting.value.orderId })).toMatchObject({ status: 404, message: 'Failed to cancel: Entrustment does not exist' });
    expect((await stranger.post(FuturesPath.order, { orderId: resting.value.orderId })).status).toBe(404);
    expect((await stranger.post<Page<FuturesOrder>>(FuturesPath.orders, {})).value.total).toBe(0);
    expect((await owner.post<FuturesOrder>(FuturesPath.order, { orderId: resting.value.orderId })).value.status).toBe('entrusted');
    expect((await owner.post<FuturesOrder>(FuturesPath.cancel, { orderId: resting.value.orderId })).value.status).toBe('cancelled');
  });

  it('lets only staff with the right manage listings, and audits it', async () => {
    const user = await futuresTrader('10');
    expect((await user.post(FuturesPath.adminSave, { ...RULES, code: 'NOPE' })).status).toBe(401);
    const clerk = await staffClient('futures2', ['users.manage']);
    expect((await clerk.post(FuturesPath.adminSave, { ...RULES, code: 'NOPE' })).status).toBe(403);
    expect(await staff.post(FuturesPath.adminSave, { ...RULES, code: 'TBTC' })).toMatchObject({ status: 422, message: 'The contract settings are wrong: Contract code is already in use' });
    expect(await staff.post(FuturesPath.adminSave, { ...RULES, code: 'BAD', priceDifference: '0' })).toMatchObject({ status: 422, message: 'The contract settings are wrong: Price difference must be above 0' });
    const edited = await staff.post<FuturesListing>(FuturesPath.adminSave, { ...RULES, listingId: listing.listingId, maxLots: 12 });
    expect(edited.value).toMatchObject({ maxLots: 12, status: 'listed' });
    expect(await staff.post(FuturesPath.adminSave, { ...RULES, listingId: listing.listingId, code: 'TBTC9' })).toMatchObject({ status: 422, message: 'The contract settings are wrong: Contract code cannot change once the contract is listed' });
    const short = await newListing({ code: 'TBTC3', name: 'BTC short-lived' });
    expect((await staff.post<FuturesListing>(FuturesPath.adminStatus, { listingId: short.listingId, status: 'delisted' })).value.status).toBe('delisted');
    const audit = await ctx.database.db.execute(`select action from audit_log where object_type = 'futures_listing' order by id`);
    const actions = (audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['futures.listing.create', 'futures.listing.listed', 'futures.listing.delisted', 'futures.listing.update']));
  });

  it('never lets racing orders take a side past the maximum position', async () => {
    await setMark('60000');
    const c = await futuresTrader('2000');
    const results = await Promise.all(Array.from({ length: 3 }, () => order(c, { side: 'long', action: 'open', type: 'market', lots: 10 })));
    expect(results.filter((r) => r.code === '0')).toHaveLength(2);
    expect(results.find((r) => r.code !== '0')).toMatchObject({ status: 422, message: 'Failed to place an order: Quantity must be at most 0' });
    expect((await positions(c))[0]).toMatchObject({ lots: 20, margin: '1200.02' });
    await order(c, { side: 'long', action: 'close', type: 'market', lots: 10 });
    await order(c, { side: 'long', action: 'close', type: 'market', lots: 10 });
    expect(await positions(c)).toEqual([]);
  });

  it('closes a stopped position once when two watchers race, and ends its waiting closing orders with it', async () => {
    await setMark('60000');
    const c = await futuresTrader('1000');
    await order(c, { side: 'short', action: 'open', type: 'market', lots: 2, stopLoss: '60500' });
    const waiting = await order(c, { side: 'short', action: 'close', type: 'limit', price: '55000', lots: 1 });
    expect(waiting.value.status).toBe('entrusted');
    await setMark('60600');
    const [a, b] = await Promise.all([watch(), watch()]);
    expect(a + b).toBe(1);
    expect(await positions(c)).toEqual([]);
    const deals = (await c.post<Page<FuturesDeal>>(FuturesPath.deals, {})).value.content;
    expect(deals.map((d) => d.dealType)).toEqual(['stop_loss', 'market']);
    expect((await c.post<FuturesOrder>(FuturesPath.order, { orderId: waiting.value.orderId })).value.status).toBe('cancelled');
    expect((await contract(c)).frozen).toBe('0');
  });

  it('tells the owner’s open pages over the WebSocket when a resting order fills and the position changes', async () => {
    await setMark('60000');
    const { c, userId, session } = await trader(ctx);
    await c.post(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'contract', amount: '500', requestId: `futures-${process.pid}-${++requests}` });
    const address = await ctx.app.http.listen({ port: 0, host: '127.0.0.1' });
    const ws = await WsClient.connect(`${address.replace('http', 'ws')}${WS_PATH}`);
    try {
      expect(await ws.request({ op: 'auth', sessionStr: session.sessionStr, userId, firmId: session.firmId })).toMatchObject({ type: 'ack' });
      expect(await ws.request({ op: 'subscribe', topics: [`user:${userId}`] })).toMatchObject({ type: 'ack' });
      const resting = await order(c, { side: 'short', action: 'open', type: 'limit', price: '60100' });
      expect((await ws.next({ topic: `user:${userId}`, type: 'order' })).data).toEqual({ futures: 'order', listingId: listing.listingId });
      const from = ws.messages.length;
      await setMark('60100');
      expect(await watch()).toBe(1);
      expect((await ws.next({ topic: `user:${userId}`, data: { futures: 'position', listingId: listing.listingId } }, from)).type).toBe('order');
      expect((await c.post<FuturesOrder>(FuturesPath.order, { orderId: resting.value.orderId })).value.status).toBe('filled');
      await order(c, { side: 'short', action: 'close', type: 'market' });
    } finally {
      ws.socket.close();
    }
  });

  // Last: a day later every session of the file has expired, so the rest is read through the service and the ledger.
  it('charges the overnight fee once a day and records one settlement per user and day', async () => {
    await setMark('60000');
    const { c, userId } = await trader(ctx);
    await c.post(ExchangeAssetPath.transfer, { asset: 'USDT', from: 'spot', to: 'contract', amount: '500', requestId: `futures-${process.pid}-${++requests}` });
    await order(c, { side: 'short', action: 'open', type: 'market' });
    // Sold at 59999: margin 59.999, fee 0.299995.
    expect(await contract(c)).toEqual({ available: '439.701005', frozen: '59.999' });
    const held = await staff.post<Page<AdminFuturesPosition>>(FuturesPath.adminPositions, {});
    expect(held.value.content.some((p) => p.userId === userId && p.side === 'short' && p.averagePrice === '59999')).toBe(true);

    const futures = ctx.app.services.futures;
    const ledger = createLedgerService({ clock: ctx.clock });
    const book = async () => (await ledger.balances(ctx.database.db, { ownerType: 'user', ownerId: userId }, 'USDT', { available: 'contract', frozen: 'contract_frozen' }))[0];
    ctx.clock.advance(86_400_000);
    // Two instances' runs of the day at once settle each user once.
    const runs = await Promise.all([futures.settle(), futures.settle()]);
    expect(runs[0] + runs[1]).toBe(1);
    // 60000 × 0.01 × 0.02 % = 0.12.
    expect(await book()).toMatchObject({ available: '439.581005', frozen: '59.999' });
    const [settlement] = (await futures.settlements(Number(userId), { page: 0, size: 10 })).content;
    expect(settlement).toMatchObject({ positions: 1, overnightFee: '0.12', realizedPnl: '0', fees: '0.419995', balance: '499.580005', currency: 'USDT' });

    expect(await futures.settle()).toBe(0);
    expect(await book()).toMatchObject({ available: '439.581005', frozen: '59.999' });
    const closed = await futures.place(Number(userId), { listingId: listing.listingId, side: 'short', action: 'close', type: 'market', lots: 1 });
    expect(closed.status).toBe('filled');
  });

  it('leaves the books balanced', async () => {
    const report = await verifyLedger(ctx.database.db, ctx.clock);
    expect(report.ok).toBe(true);
  });
});

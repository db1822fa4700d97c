import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tp/decimal';
import { CapitalPath, ListingPath, ListingApiPath, SupplyPath, type Holding, type ListingDetail, type Page, type Receipt, type SessionInfo, type SupplyNote } from '@tp/contract';
import { DEMO_PASSWORD, seedDemoData } from '../src/demo/seed';
import { DEMO_MARKET_BUYER, DEMO_MARKET_SELLER } from '../src/demo/market-seed';
import { verifyLedger } from '../src/modules/ledger/index';
import { type TestContext, createSeededTestApp } from './harness';
import { client, type Client } from './identity-support';

let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tp-demo-market-'));
  ctx = await createSeededTestApp({ dataDir });
}, 180_000);
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const visitor = () => client(ctx);

async function loggedIn(account: string): Promise<Client> {
  const c = client(ctx);
  const res = await c.post<SessionInfo>('/api/user/login', { loginAccount: account, password: DEMO_PASSWORD });
  expect(res.code, res.message).toBe('0');
  c.useSession(res.value);
  return c;
}

async function market(): Promise<ListingDetail[]> {
  const res = await visitor().post<Page<ListingDetail>>(ListingPath.market, { size: 100 });
  expect(res.code, res.message).toBe('0');
  return res.value.content;
}

async function purchaseBoard(): Promise<ListingDetail[]> {
  const res = await visitor().post<Page<ListingDetail>>(ListingApiPath.purchases, { size: 100 });
  expect(res.code, res.message).toBe('0');
  return res.value.content;
}

async function board(): Promise<SupplyNote[]> {
  const res = await visitor().post<Page<SupplyNote>>(SupplyPath.list, { size: 100 });
  expect(res.code, res.message).toBe('0');
  return res.value.content;
}

async function funds(account: string): Promise<{ available: string; frozen: string }> {
  const res = await (await loggedIn(account)).post<{ balance: { available: string; frozen: string } }>(CapitalPath.info);
  expect(res.code, res.message).toBe('0');
  return res.value.balance;
}

async function holdingsOf(account: string): Promise<{ holdings: Holding[]; receipts: Receipt[] }> {
  const c = await loggedIn(account);
  const holdings = await c.post<Page<Holding>>('/api/warehouse/holdings', { size: 100 });
  const receipts = await c.post<Page<Receipt>>('/api/warehouse/receipts', { size: 100 });
  expect(holdings.code, holdings.message).toBe('0');
  expect(receipts.code, receipts.message).toBe('0');
  return { holdings: holdings.value.content, receipts: receipts.value.content };
}

/** What the owner has frozen for a listing: the seller's margin share, or the buyer's margin or full amount. */
function expectedFreeze(listing: ListingDetail): Decimal {
  const amount = Decimal.parse(listing.price).mul(listing.weight).truncate(2);
  return listing.type === 'Q' && !listing.isMarginPay ? amount : amount.mul('0.2').truncate(2);
}

const sum = (values: Decimal[]) => values.reduce((total, v) => total.add(v), Decimal.ZERO);

describe('demo market on a fresh development database', () => {
  it('shows live spot, margin and presale listings on the market and purchase requests on the purchase board', async () => {
    const live = await market();
    const kinds = new Set(live.map((l) => `${l.type}/${l.source}/${l.bsFlag}`));
    expect(kinds).toEqual(new Set(['X/W/S', 'B/W/S', 'B/C/S', 'Q/W/B']));
    for (const listing of live) {
      expect(listing.status).toBe('O');
      expect(listing.autoRevoke).toBe(false);
      expect(listing.remaining).toBe(listing.quantity);
      expect(listing.commodityName).not.toBe('');
    }
    const requests = await purchaseBoard();
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.every((l) => l.type === 'Q' && l.status === 'O')).toBe(true);
    const presale = live.find((l) => l.source === 'C')!;
    expect(presale.putWarehousDay! > new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('puts a decodable picture of the goods on the public supply board for every listing', async () => {
    const live = await market();
    const notes = await board();
    for (const listing of live) {
      const note = notes.find((n) => n.description.includes(listing.listingId));
      expect(note, `note of listing ${listing.listingId}`).toBeTruthy();
      expect(note!.kind).toBe(listing.type === 'Q' ? 'demand' : 'supply');
      for (const [url, width] of [
        [SupplyPath.image.replace(':noteId', note!.noteId), 800],
        [SupplyPath.thumb.replace(':noteId', note!.noteId), 300],
      ] as const) {
        const res = await ctx.app.http.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.width).toBe(width);
      }
    }
  });

  it('backs every spot and margin listing with frozen goods, keeping each receipt whole', async () => {
    const { holdings, receipts } = await holdingsOf(DEMO_MARKET_SELLER);
    expect(receipts.length).toBeGreaterThanOrEqual(1);
    for (const receipt of receipts) {
      const inWarehouse = holdings.filter((h) => h.receiptId === receipt.receiptId && (h.status === '0' || h.status === '1'));
      expect(sum(inWarehouse.map((h) => Decimal.parse(h.quantity))).toFixed(3)).toBe(receipt.quantity);
      expect(sum(inWarehouse.map((h) => Decimal.parse(h.weight))).toFixed(3)).toBe(receipt.weight);
    }
    const backed = (await market()).filter((l) => l.source === 'W' && l.bsFlag === 'S');
    const frozen = holdings.filter((h) => h.status === '1');
    expect(sum(frozen.map((h) => Decimal.parse(h.quantity))).toFixed(3)).toBe(sum(backed.map((l) => Decimal.parse(l.quantity))).toFixed(3));
  });

  it('freezes each owner’s margins and purchase money through balanced journals', async () => {
    const live = await market();
    const sellerFrozen = sum(live.filter((l) => l.bsFlag === 'S' && l.type === 'B').map(expectedFreeze));
    const buyerFrozen = sum(live.filter((l) => l.type === 'Q').map(expectedFreeze));
    expect(Decimal.parse((await funds(DEMO_MARKET_SELLER)).frozen).toFixed(2)).toBe(sellerFrozen.toFixed(2));
    expect(Decimal.parse((await funds(DEMO_MARKET_BUYER)).frozen).toFixed(2)).toBe(buyerFrozen.toFixed(2));
    for (const listing of live.filter((l) => l.type !== 'X')) expect(listing.margin).toBe(expectedFreeze(listing).toFixed(2));
    const report = await verifyLedger(ctx.database.db);
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('changes nothing when the development server starts again', async () => {
    const before = {
      market: await market(),
      requests: await purchaseBoard(),
      notes: await board(),
      seller: await funds(DEMO_MARKET_SELLER),
      buyer: await funds(DEMO_MARKET_BUYER),
      goods: await holdingsOf(DEMO_MARKET_SELLER),
      journals: (await verifyLedger(ctx.database.db)).journals,
    };
    await seedDemoData(ctx.database, ctx.config, ctx.clock);
    expect(await market()).toEqual(before.market);
    expect(await purchaseBoard()).toEqual(before.requests);
    expect(await board()).toEqual(before.notes);
    expect(await funds(DEMO_MARKET_SELLER)).toEqual(before.seller);
    expect(await funds(DEMO_MARKET_BUYER)).toEqual(before.buyer);
    expect(await holdingsOf(DEMO_MARKET_SELLER)).toEqual(before.goods);
    const report = await verifyLedger(ctx.database.db);
    expect(report.journals).toBe(before.journals);
    expect(report.ok).toBe(true);
  }, 120_000);
});

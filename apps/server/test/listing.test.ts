import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListingPath, type Holding, type Listing, type ListingPick, type Page } from '@tp/contract';
import { verifyLedger } from '../src/modules/ledger/index';
import type { TestContext } from './harness';
import type { Client } from './identity-support';
import { startListingApp, type ListingWorld } from './listing-support';

let ctx: TestContext;
let world: ListingWorld;

beforeAll(async () => ({ ctx, world } = await startListingApp()));
afterAll(() => ctx.close());

/** A seller with 400.00 available and a holding of 100 / 250.500 rebar, listing 40 / 100.200 of it. */
async function sellerListing(price = '1234.56') {
  const seller = await world.firmWithFunds('500');
  const holding = await world.storedHolding(seller.c);
  const res = await seller.c.post<Listing>(ListingPath.create, world.listingRequest.spot(holding.holdId, { price, quantity: '40', weight: '100.2' }));
  expect(res.code, res.message).toBe('0');
  return { seller, holding, listing: res.value };
}

async function pick(c: Client, listingId: string, quantity: string) {
  const res = await c.post<ListingPick>(ListingPath.pick, { listingId, quantity });
  expect(res.code, res.message).toBe('0');
  return res.value;
}

async function act(c: Client, path: string, pickId: string) {
  const res = await c.post<ListingPick>(path, { pickId });
  expect(res.code, res.message).toBe('0');
  return res.value;
}

async function listingOf(c: Client, listingId: string) {
  return (await c.post<Page<Listing>>(ListingPath.mine, { size: 100 })).value.content.find((l) => l.listingId === listingId)!;
}

describe('spot listing and pick', () => {
  it('lists, picks twice, confirms both: O → Z → T, payment W → L, funds and goods conserved', async () => {
    const { seller, listing } = await sellerListing();
    expect(listing).toMatchObject({ type: 'X', source: 'W', status: 'O', price: '1234.56', quantity: '40.000', weight: '100.200', remaining: '40.000', openTicketDay: 3, autoRevoke: false, mine: true });
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '60.000/150.300', frozen: '40.000/100.200' });
    expect(await world.balance(seller.c)).toEqual({ available: '400.00', frozen: '0.00' });

    const market = (await world.firmWithFunds('1')).c;
    const open = (await market.post<Page<Listing>>(ListingPath.market, { size: 100 })).value.content.find((l) => l.listingId === listing.listingId);
    expect(open).toMatchObject({ status: 'O', remaining: '40.000', mine: false, commodityName: '螺纹钢' });

    const buyer = await world.firmWithFunds('100000');
    const first = await pick(buyer.c, listing.listingId, '15');
    expect(first).toMatchObject({ status: 'W', payStatus: 'W', quantity: '15.000', amount: '18518.40', fee: '0.00', weight: null, side: 'buyer' });
    expect(await world.balance(buyer.c)).toEqual({ available: '81481.60', frozen: '18518.40' });
    expect(await listingOf(seller.c, listing.listingId)).toMatchObject({ status: 'O', remaining: '25.000' });

    const second = await pick(buyer.c, listing.listingId, '25');
    expect(second.amount).toBe('30864.00');
    expect(await listingOf(seller.c, listing.listingId)).toMatchObject({ status: 'Z', remaining: '0.000' });
    expect(await world.balance(buyer.c)).toEqual({ available: '50617.60', frozen: '49382.40' });

    const sellerSide = (await seller.c.post<Page<ListingPick>>(ListingPath.picks, { side: 'seller', listingId: listing.listingId })).value.content;
    expect(sellerSide.map((p) => p.pickId).sort()).toEqual([first.pickId, second.pickId].sort());
    expect(sellerSide.every((p) => p.side === 'seller')).toBe(true);

    // Fee 0.2% truncated: 37.0368 → 37.03.
    expect(await act(seller.c, ListingPath.confirmPick, first.pickId)).toMatchObject({ status: 'T', payStatus: 'L', fee: '37.03', weight: '37.575' });
    expect(await world.balance(seller.c)).toEqual({ available: '18881.37', frozen: '0.00' });
    expect(await world.balance(buyer.c)).toEqual({ available: '50617.60', frozen: '30864.00' });
    expect(await listingOf(seller.c, listing.listingId)).toMatchObject({ status: 'Z' });

    // 61.728 → 61.72; the last pick takes the rest of the weight exactly.
    expect(await act(seller.c, ListingPath.confirmPick, second.pickId)).toMatchObject({ status: 'T', payStatus: 'L', fee: '61.72', weight: '62.625' });
    expect(await world.balance(seller.c)).toEqual({ available: '49683.65', frozen: '0.00' });
    expect(await world.balance(buyer.c)).toEqual({ available: '50617.60', frozen: '0.00' });
    expect(await listingOf(seller.c, listing.listingId)).toMatchObject({ status: 'T', remaining: '0.000' });

    const sellerGoods = await world.holdingsOf(seller.c);
    const buyerGoods = await world.holdingsOf(buyer.c);
    expect(sellerGoods).toMatchObject({ held: '60.000/150.300', frozen: '0.000/0.000' });
    expect(buyerGoods).toMatchObject({ held: '40.000/100.200', frozen: '0.000/0.000' });
    expect(buyerGoods.rows.map((h: Holding) => `${h.quantity}/${h.weight}`).sort()).toEqual(['15.000/37.575', '25.000/62.625']);

    const again = await seller.c.post(ListingPath.confirmPick, { pickId: first.pickId });
    expect(again.status).toBe(409);
    expect(again.message).toBe('The pick status does not allow this');
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });

  it('truncates the amount, and refusal and cancellation release the funds and the quantity', async () => {
    const { seller, listing } = await sellerListing('1234.56');
    const buyer = await world.firmWithFunds('1000');
    // 1234.56 × 0.333 = 411.10848 → 411.10
    const refused = await pick(buyer.c, listing.listingId, '0.333');
    expect(refused.amount).toBe('411.10');
    const cancelled = await pick(buyer.c, listing.listingId, '0.1');
    expect(cancelled.amount).toBe('123.45');
    expect(await world.balance(buyer.c)).toEqual({ available: '465.45', frozen: '534.55' });
    expect(await listingOf(seller.c, listing.listingId)).toMatchObject({ remaining: '39.567' });

    expect(await act(seller.c, ListingPath.refusePick, refused.pickId)).toMatchObject({ status: 'F', payStatus: 'W' });
    expect(await world.balance(buyer.c)).toEqual({ available: '876.55', frozen: '123.45' });
    const sellerCannotCancel = await seller.c.post(ListingPath.cancelPick, { pickId: cancelled.pickId });
    expect(sellerCannotCancel.status).toBe(404);
    expect(await act(buyer.c, ListingPath.cancelPick, cancelled.pickId)).toMatchObject({ status: 'U', payStatus: 'W' });
    expect(await world.balance(buyer.c)).toEqual({ available: '1000.00', frozen: '0.00' });
    expect(await listingOf(seller.c, listing.listingId)).toMatchObject({ status: 'O', remaining: '40.000' });

    const cancelledAgain = await buyer.c.post(ListingPath.cancelPick, { pickId: cancelled.pickId });
    expect(cancelledAgain.status).toBe(409);
    expect(cancelledAgain.message).toBe('The pick status does not allow this');

    expect((await seller.c.post<Listing>(ListingPath.cancel, { listingId: listing.listingId })).value).toMatchObject({ status: 'U', remaining: '0.000' });
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '100.000/250.500', frozen: '0.000/0.000' });
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });

  it('cancelling a listing releases only the unpicked remainder; a pending pick can still be confirmed', async () => {
    const { seller, listing } = await sellerListing('100');
    const buyer = await world.firmWithFunds('5000');
    const pending = await pick(buyer.c, listing.listingId, '10');
    expect((await seller.c.post<Listing>(ListingPath.cancel, { listingId: listing.listingId })).value).toMatchObject({ status: 'U', remaining: '0.000' });
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '90.000/225.450', frozen: '10.000/25.050' });
    const late = await buyer.c.post(ListingPath.pick, { listingId: listing.listingId, quantity: '1' });
    expect(late.status).toBe(409);
    expect(late.message).toBe('The listing status does not allow this');

    expect(await act(seller.c, ListingPath.confirmPick, pending.pickId)).toMatchObject({ status: 'T', payStatus: 'L', amount: '1000.00', fee: '2.00', weight: '25.050' });
    expect(await world.holdingsOf(seller.c)).toMatchObject({ held: '90.000/225.450', frozen: '0.000/0.000' });
    expect(await world.holdingsOf(buyer.c)).toMatchObject({ held: '10.000/25.050' });
    expect(await world.balance(seller.c)).toEqual({ available: '1398.00', frozen: '0.00' });
    expect(await world.balance(buyer.c)).toEqual({ available: '4000.00', frozen: '0.00' });
    expect(await listingOf(seller.c, listing.listingId)).toMatchObject({ status: 'U' });
    expect((await verifyLedger(ctx.database.db, ctx.clock)).ok).toBe(true);
  });

  it('refuses an over-pick, a pick of one’s own listing and a pick the buyer cannot pay', async () => {
    const { seller, listing } = await sellerListing('1000');
    const buyer = await world.firmWithFunds('100');
    const over = await buyer.c.post(ListingPath.pick, { listingId: listing.listingId, quantity: '40.001' });
    expect(over.status).toBe(409);
    expect(over.message).toBe('The quantity exceeds what is left on the listing');
    const own = await seller.c.post(ListingPath.pick, { listingId: listing.listingId, quantity: '1' });
    expect(own.status).toBe(409);
    expect(own.message).toBe('You cannot pick your own listing');
    const poor = await buyer.c.post(ListingPath.pick, { listingId: listing.listingId, quantity: '1' });
    expect(poor.status).toBe(409);
    expect(poor.message).toBe('Insufficient balance');
    const bad = await buyer.c.post(ListingPath.pick, { listingId: listing.listingId, quantity: '-1' });
    expect(bad.status).toBe(422);
    expect(await listingOf(seller.c, listing.listingId)).toMatchObject({ status: 'O', remaining: '40.000' });
    expect(await world.balance(buyer.c)).toEqual({ available: '100.00', frozen: '0.00' });
  });

  it('refuses listing more than the holding, or a commodity that is not the holding’s', async () => {
    const seller = await world.firmWithFunds('500');
    const holding = await world.storedHolding(seller.c);
    const body = { holdId: holding.holdId, commodityTypeId: world.rebar.commodityTypeId, gradeId: world.rebar.grades[0]!.gradeId, price: '10', quantity: '101', weight: '1', openTicketDay: 3 };
    const over = await seller.c.post(ListingPath.create, body);
    expect(over.status).toBe(409);
    expect(over.message).toBe('The quantity or weight exceeds the available holding');
    const wrong = await seller.c.post(ListingPath.create, { ...body, quantity: '1', gradeId: world.rebar.grades[1]!.gradeId });
    expect(wrong.status).toBe(409);
    expect(wrong.message).toBe('The commodity type or grade does not match the holding');
    const stranger = await world.firmWithFunds('500');
    const notMine = await stranger.c.post(ListingPath.create, { ...body, quantity: '1' });
    expect(notMine.status).toBe(404);
    expect(notMine.message).toBe('No such holding');
  });

  it('another firm can neither read nor answer a pick', async () => {
    const { seller, listing } = await sellerListing('10');
    const buyer = await world.firmWithFunds('1000');
    const picked = await pick(buyer.c, listing.listingId, '5');
    const other = await world.firmWithFunds('1000');
    for (const path of [ListingPath.pickDetail, ListingPath.confirmPick, ListingPath.refusePick, ListingPath.cancelPick]) {
      const res = await other.c.post(path, { pickId: picked.pickId });
      expect(res.status, path).toBe(404);
      expect(res.message).toBe('No such pick');
    }
    expect((await other.c.post<Page<ListingPick>>(ListingPath.picks, { side: 'seller' })).value.content).toEqual([]);
    expect((await other.c.post<Page<ListingPick>>(ListingPath.picks, { side: 'buyer' })).value.content).toEqual([]);
    const notTheirs = await other.c.post(ListingPath.cancel, { listingId: listing.listingId });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.message).toBe('No such listing');
    // The buyer cannot confirm its own pick: confirmation belongs to the seller.
    const buyerConfirms = await buyer.c.post(ListingPath.confirmPick, { pickId: picked.pickId });
    expect(buyerConfirms.status).toBe(404);
    expect((await seller.c.post<ListingPick>(ListingPath.pickDetail, { pickId: picked.pickId })).value).toMatchObject({ side: 'seller', status: 'W' });
    expect((await buyer.c.post<ListingPick>(ListingPath.pickDetail, { pickId: picked.pickId })).value).toMatchObject({ side: 'buyer', status: 'W' });
    const anonymous = await world.firmWithFunds('0.01');
    anonymous.c.useSession(null);
    expect((await anonymous.c.post(ListingPath.pick, { listingId: listing.listingId, quantity: '1' })).status).toBe(401);
  });
});

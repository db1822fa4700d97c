import { Decimal } from '@tp/decimal';
import { LISTING_PRICE_PATTERN, LISTING_QUANTITY_PATTERN, MarketSort } from '@tp/contract';
import { formatMoney, formatPrice, formatQuantity } from '@tp/web-kit';

/** What the market's filter form holds; empty fields filter nothing. */
export interface MarketFilters {
  commodityTypeId?: string | undefined;
  gradeId?: string | undefined;
  origin?: string | undefined;
  storageId?: string | undefined;
  priceMin?: string | undefined;
  priceMax?: string | undefined;
  keyword?: string | undefined;
  sort?: MarketSort | undefined;
}

export const MARKET_SORTS = MarketSort;
export type MarketSort = (typeof MarketSort)[number];

/** The market query sent to the server: trimmed text, prices only when well-formed, the range in order. */
export interface MarketQuery {
  commodityTypeId?: string;
  gradeId?: string;
  origin?: string;
  storageId?: string;
  priceMin?: string;
  priceMax?: string;
  keyword?: string;
  sort?: MarketSort;
  page: number;
  size: number;
}

const text = (v: string | undefined) => {
  const trimmed = v?.trim();
  return trimmed ? trimmed : undefined;
};
const price = (v: string | undefined) => {
  const trimmed = v?.trim();
  return trimmed && LISTING_PRICE_PATTERN.test(trimmed) ? trimmed : undefined;
};

export function marketQuery(filters: MarketFilters, page: number, size: number): MarketQuery {
  const query: MarketQuery = { page, size };
  const commodityTypeId = text(filters.commodityTypeId);
  if (commodityTypeId) query.commodityTypeId = commodityTypeId;
  // A grade belongs to its commodity: without the commodity it would match nothing sensible.
  const gradeId = commodityTypeId ? text(filters.gradeId) : undefined;
  if (gradeId) query.gradeId = gradeId;
  const origin = text(filters.origin);
  if (origin) query.origin = origin;
  const storageId = text(filters.storageId);
  if (storageId) query.storageId = storageId;
  let min = price(filters.priceMin);
  let max = price(filters.priceMax);
  // Someone typing 5000–3000 means the range between them.
  if (min && max && Decimal.parse(min).gt(max)) [min, max] = [max, min];
  if (min) query.priceMin = min;
  if (max) query.priceMax = max;
  const keyword = text(filters.keyword);
  if (keyword) query.keyword = keyword.slice(0, 40);
  if (filters.sort && filters.sort !== 'time') query.sort = filters.sort;
  return query;
}

/** The path's optional `{commodity?}` segment: a catalogue id, or a commodity name as linked from elsewhere. */
export function commodityFromPath(segment: string | undefined, types: readonly { commodityTypeId: string; name: string }[]): string | undefined {
  if (!segment) return undefined;
  const decoded = decodeURIComponent(segment);
  return types.find((c) => c.commodityTypeId === decoded || c.name === decoded)?.commodityTypeId;
}

/** The parts of a pick its actions depend on; fields an older server may not send are optional. */
export interface PickState {
  status: string;
  payStatus: string;
  /** The viewer's side. */
  side: 'buyer' | 'seller';
  listingType?: string | undefined;
  bsFlag?: string | undefined;
  invoiceStatus?: string | undefined;
  /** Presale: W while the goods wait to be stocked in. */
  deliveryStatus?: string | undefined;
}

export type PickAction = 'cancelPick' | 'confirmPick' | 'refusePick' | 'payBalance' | 'uploadInvoice' | 'confirmInvoice' | 'stockIn';

/** The side that owns the listing: the buyer of a purchase request or buy-side margin order, else the seller. */
export function ownerSide(pick: Pick<PickState, 'listingType' | 'bsFlag'>): 'buyer' | 'seller' {
  return pick.listingType === 'Q' || pick.bsFlag === 'B' ? 'buyer' : 'seller';
}

/** The right each action needs, by the viewer's side; the server checks the same one. */
export function pickActionRight(action: PickAction, side: 'buyer' | 'seller'): string {
  switch (action) {
    case 'cancelPick':
      return side === 'buyer' ? 'trade.pick' : 'trade.list';
    case 'confirmPick':
    case 'refusePick':
      return side === 'buyer' ? 'trade.purchase' : 'trade.list';
    case 'payBalance':
      return 'trade.pay';
    case 'uploadInvoice':
      return 'trade.invoice';
    case 'confirmInvoice':
      return 'trade.confirmInvoice';
    case 'stockIn':
      return 'trade.list';
  }
}

/**
 * What the viewer may do with a pick now, by its states, the viewer's side and rights: the listing's
 * owner confirms or refuses a pick, the picker may cancel it while it waits.
 */
export function pickActions(pick: PickState, hasRight: (right: string) => boolean): PickAction[] {
  const actions: PickAction[] = [];
  const owner = ownerSide(pick) === pick.side;
  const awaitingGoods = pick.deliveryStatus === 'W';
  if (pick.status === 'W') {
    if (owner) actions.push('confirmPick', 'refusePick');
    else actions.push('cancelPick');
  }
  if (pick.status === 'T') {
    if (pick.side === 'seller' && awaitingGoods) actions.push('stockIn');
    if (pick.side === 'buyer' && pick.payStatus === 'F' && !awaitingGoods) actions.push('payBalance');
    if (pick.side === 'seller' && pick.payStatus === 'L' && pick.invoiceStatus === 'W') actions.push('uploadInvoice');
    if (pick.side === 'buyer' && pick.invoiceStatus === 'O') actions.push('confirmInvoice');
  }
  return actions.filter((action) => hasRight(pickActionRight(action, pick.side)));
}

/** The parts of a listing its actions depend on. */
export interface ListingState {
  type: string;
  /** B: the owner buys (a buy-side margin order), picked by sellers like a purchase request. */
  bsFlag?: string | undefined;
  status: string;
  mine: boolean;
  /** Staff audit of presale listings and purchase requests: P pending, T passed, F failed. */
  auditStatus?: string | null | undefined;
  topAt?: string | null | undefined;
}

export type ListingAction = 'pick' | 'allBuy' | 'sellTo' | 'bargain' | 'cancel' | 'top';

/** What a logged-in viewer may do with a listing now. Purchase requests `Q` are picked by sellers. */
export function listingActions(listing: ListingState, hasRight: (right: string) => boolean): ListingAction[] {
  if (listing.status !== 'O') return [];
  if (listing.mine) {
    const own: ListingAction[] = [];
    if (hasRight('trade.list') || hasRight('trade.purchase')) own.push('cancel');
    if (!listing.topAt && (hasRight('trade.list') || hasRight('trade.purchase'))) own.push('top');
    return own;
  }
  const actions: ListingAction[] = [];
  if (listing.type === 'Q' || listing.bsFlag === 'B') {
    if (hasRight('trade.list')) actions.push('sellTo');
  } else if (hasRight('trade.pick')) {
    actions.push('pick', 'allBuy');
  }
  if (hasRight('trade.bargain')) actions.push('bargain');
  return actions;
}

const SEARCH_KEY = 'tp.listing.search';

/** The search commodity and text, kept in session storage as the spec's client-held data. */
export interface SearchState {
  commodityTypeId?: string | undefined;
  text?: string | undefined;
}

export function readSearch(storage: Pick<Storage, 'getItem'> = sessionStorage): SearchState {
  try {
    const raw = storage.getItem(SEARCH_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { commodityTypeId, text: searchText } = parsed as Record<string, unknown>;
    return {
      commodityTypeId: typeof commodityTypeId === 'string' && commodityTypeId ? commodityTypeId : undefined,
      text: typeof searchText === 'string' && searchText ? searchText : undefined,
    };
  } catch {
    return {};
  }
}

export function writeSearch(state: SearchState, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(SEARCH_KEY, JSON.stringify({ commodityTypeId: state.commodityTypeId ?? '', text: state.text?.trim() ?? '' }));
}

/** A share of an amount, truncated to 2 decimals (margins, first payments). */
export function shareOf(amount: string, ratio: string): string {
  return Decimal.parse(amount).mul(ratio).truncate(2).toFixed(2);
}

/** amount − paid, never shown below zero. */
export function balanceOf(amount: string, paid: string): string {
  const rest = Decimal.parse(amount).sub(paid);
  return (rest.isNegative() ? Decimal.ZERO : rest).truncate(2).toFixed(2);
}

/** The units a listing or pick counts in: `unit` its quantity (捆), `weightUnit` its weight (吨). */
export interface ListingUnits {
  unit: string;
  weightUnit: string;
}

/**
 * The unit a price is per: a spot listing (`X`) prices each quantity unit (元/捆); margin listings
 * and purchase requests price the weight (元/吨).
 */
export function priceUnitOf(type: string, units: ListingUnits): string {
  return type === 'X' ? units.unit : units.weightUnit;
}

/** The weight a pick of `quantity` is for: its share of the listed weight, truncated to 3 places; the whole listing takes its whole weight. */
function pickedWeight(listing: { quantity: string; weight: string }, picked: Decimal): Decimal {
  return picked.eq(listing.quantity) ? Decimal.parse(listing.weight) : Decimal.parse(listing.weight).mul(picked).div(listing.quantity, 3, 'truncate');
}

/**
 * What a pick of `quantity` costs, as the server computes it: spot listings are priced per quantity
 * unit; margin listings and purchase requests per weight unit, on the picked share of the listed
 * weight (truncated to 3 places; the whole listing takes its whole weight). '' while the input is incomplete.
 */
export function pickAmount(listing: { type: string; price: string; quantity: string; weight: string }, quantity: string | undefined, price: string = listing.price): string {
  if (!quantity || !LISTING_QUANTITY_PATTERN.test(quantity) || !LISTING_PRICE_PATTERN.test(price)) return '';
  const picked = Decimal.parse(quantity);
  const basis = listing.type === 'X' ? picked : pickedWeight(listing, picked);
  return Decimal.parse(price).mul(basis).truncate(2).toFixed(2);
}

/** What a new listing is worth: price × quantity for spot, price × weight for margin and purchase orders. */
export function listingAmount(type: string, price: string | undefined, quantity: string | undefined, weight: string | undefined): string {
  if (!price || !LISTING_PRICE_PATTERN.test(price)) return '';
  const basis = type === 'X' ? quantity : weight;
  if (!basis || !LISTING_QUANTITY_PATTERN.test(basis)) return '';
  return Decimal.parse(price).mul(basis).truncate(2).toFixed(2);
}

/** How an amount comes about, each part as shown: `price` per `priceUnit` × `basis` `basisUnit` = `amount` (元). */
export interface AmountFormula {
  price: string;
  priceUnit: string;
  basis: string;
  basisUnit: string;
  amount: string;
}

function formulaOf(price: string, priceUnit: string, basis: Decimal | string, amount: string): AmountFormula {
  return { price: formatPrice(price), priceUnit, basis: formatQuantity(basis.toString()), basisUnit: priceUnit, amount: formatMoney(amount) };
}

/** The formula of a pick's amount (see pickAmount); null while the input is incomplete. */
export function pickFormula(listing: { type: string; price: string; quantity: string; weight: string } & ListingUnits, quantity: string | undefined, price: string = listing.price): AmountFormula | null {
  const amount = pickAmount(listing, quantity, price);
  if (!amount || !quantity) return null;
  const picked = Decimal.parse(quantity);
  const basis = listing.type === 'X' ? picked : pickedWeight(listing, picked);
  return formulaOf(price, priceUnitOf(listing.type, listing), basis, amount);
}

/** The formula of a new listing's amount (see listingAmount); null while the input is incomplete. */
export function listingFormula(type: string, price: string | undefined, quantity: string | undefined, weight: string | undefined, units: ListingUnits): AmountFormula | null {
  const amount = listingAmount(type, price, quantity, weight);
  if (!amount || !price) return null;
  return formulaOf(price, priceUnitOf(type, units), (type === 'X' ? quantity : weight) ?? '', amount);
}

export type BargainAction = 'accept' | 'counter' | 'refuse' | 'withdraw';

/**
 * What the viewer may do with an offer: the listing owner answers a waiting offer (accept, counter,
 * refuse); the offerer withdraws it while it waits, or answers the owner's counter-offer.
 */
export function bargainActions(bargain: { role: 'offerer' | 'owner'; status: string }, hasRight: (right: string) => boolean): BargainAction[] {
  if (bargain.role === 'owner') {
    if (bargain.status !== 'W' || !(hasRight('trade.list') || hasRight('trade.purchase'))) return [];
    return ['accept', 'counter', 'refuse'];
  }
  if (!hasRight('trade.bargain')) return [];
  if (bargain.status === 'W') return ['withdraw'];
  if (bargain.status === 'C') return ['accept', 'refuse'];
  return [];
}

/** X spot listing from a holding, B margin hang order (sell or buy), Q purchase request. */
export type PublishKind = 'X' | 'B' | 'Q';

/** Whether a new order is backed by one of the firm's holdings: every sell order except a presale. */
export function needsHolding(kind: PublishKind, bsFlag: 'S' | 'B', sourceId: string): boolean {
  return kind === 'X' || (kind === 'B' && bsFlag === 'S' && sourceId !== 'C');
}

import {
  AdminListingAuditRequest,
  AuditRequest,
  CreateListingRequest,
  MarginListingRequest,
  MarketQuery,
  PurchaseListingRequest,
  SetFeeRequest,
  SubmitReportRequest,
  SupplyAuditRequest,
  SupplyMineRequest,
  SupplyNoteRequest,
  WarehousingApplyRequest,
  type CommodityType,
  type ListingDetail,
  type WarehousingApply,
} from '@tp/contract';
import { Decimal } from '@tp/decimal';
import type { AuthContext } from '../platform/http/index';
import { createUploadService } from '../platform/uploads/index';
import { shanghaiDay, createLedgerService, LedgerKind, PLATFORM_OWNER } from '../modules/ledger/index';
import { firmFund } from '../modules/bank/index';
import { createFirmService } from '../modules/firm/index';
import { loadCommodityTypes } from '../modules/catalog/index';
import { createWarehouseService, type WarehouseService } from '../modules/warehouse/index';
import { createListingService, type ListingService } from '../modules/listing/index';
import { createSupplyService, type SupplyService } from '../modules/supply/index';
import { drawPicture, type DemoPicture } from './market-pictures';
import type { DemoContext } from './seed';

/**
 * The demo market: the personal seller's goods stocked in through the warehouse's own flow, listed
 * as spot, margin and presale listings, and the personal buyer's purchase requests, each with a
 * picture of the goods on the supply board. Everything goes through the modules' services, so every
 * frozen quantity and margin is a journal exactly as a user's would be. The seeded listings do not
 * revoke at market close (see docs/decisions.md, "Demo market").
 */

export const DEMO_MARKET_SELLER = '13800000002';
export const DEMO_MARKET_BUYER = '13800000001';

/** Demo money, credited once as a bank deposit would be: enough for the margins and fees below with room to trade. */
const DEMO_FUNDS: Record<string, string> = { [DEMO_MARKET_SELLER]: '300000.00', [DEMO_MARKET_BUYER]: '300000.00' };

const INSPECTION_FEE = '180.00';
/** The demo persons' names, as the identity seeder names their firms (李四（个人卖家）, 张三（个人买家）). */
const SELLER_NAME = '李四';
const BUYER_NAME = '张三';

interface Goods {
  commodity: string;
  grade: string;
  packing: string;
  storage: string;
  picture: DemoPicture;
  specifications: string;
  origin: string;
  brand: string;
}

/** A lot stocked in for the seller; `batch` is what identifies it on a later start. */
interface Lot extends Goods {
  batch: string;
  manufacturer: string;
  quantity: string;
  weight: string;
}

type Offer =
  | { kind: 'X'; lot: Lot; price: string; quantity: string; weight: string }
  | { kind: 'B'; lot: Lot; price: string; quantity: string; weight: string; poundsPoor: string }
  | { kind: 'C'; goods: Goods; price: string; quantity: string; weight: string; stockInDays: number }
  | { kind: 'Q'; goods: Goods; price: string; quantity: string; weight: string; isMarginPay: boolean };

const REBAR: Lot = {
  commodity: '螺纹钢',
  grade: 'HRB400E',
  packing: '捆装',
  storage: '上海宝山钢材物流园',
  picture: 'rebar',
  specifications: 'Φ16mm×12m',
  origin: '江苏张家港',
  brand: '沙钢',
  batch: 'SG2411-RB16-03',
  manufacturer: '江苏沙钢集团',
  quantity: '84',
  weight: '210',
};
const COIL: Lot = {
  commodity: '热轧卷板',
  grade: 'Q235B',
  packing: '卷装',
  storage: '上海宝山钢材物流园',
  picture: 'coil',
  specifications: '5.75mm×1500mm×C',
  origin: '上海宝山',
  brand: '宝钢',
  batch: 'BG2411-HC575-12',
  manufacturer: '宝山钢铁股份有限公司',
  quantity: '18',
  weight: '432',
};
const ALUMINIUM: Lot = {
  commodity: '铝锭',
  grade: 'Al99.70',
  packing: '打捆铝锭',
  storage: '天津港有色金属交割库',
  picture: 'ingot',
  specifications: '20kg/锭',
  origin: '山东滨州',
  brand: '魏桥',
  batch: 'WQ2411-AL70-07',
  manufacturer: '山东魏桥铝电有限公司',
  quantity: '30',
  weight: '30',
};

/**
 * Prices are what such goods trade at, in the listing's unit: spot per piece (a 2.5 t bundle of
 * rebar, a 1 t bundle of ingots), margin, presale and purchase requests per tonne. None of them is a
 * price the end-to-end journeys look for on the market.
 */
const OFFERS: Offer[] = [
  { kind: 'X', lot: REBAR, price: '9105.00', quantity: '36', weight: '90' },
  { kind: 'X', lot: ALUMINIUM, price: '19260.00', quantity: '20', weight: '20' },
  { kind: 'B', lot: COIL, price: '3876.00', quantity: '6', weight: '144', poundsPoor: '0.003' },
  {
    kind: 'C',
    goods: { commodity: '玉米', grade: '二等', packing: '50kg编织袋', storage: '大连北良粮食储备库', picture: 'corn', specifications: '水分≤14%', origin: '黑龙江', brand: '北大荒' },
    price: '2318.00',
    quantity: '4000',
    weight: '200',
    stockInDays: 60,
  },
  {
    kind: 'Q',
    goods: { commodity: '聚丙烯', grade: 'PP T30S', packing: '25kg包装袋', storage: '宁波镇海化工仓储中心', picture: 'pellets', specifications: '拉丝级', origin: '浙江镇海', brand: '中石化' },
    price: '7420.00',
    quantity: '1000',
    weight: '25',
    isMarginPay: false,
  },
  {
    kind: 'Q',
    goods: { commodity: '小麦', grade: '一等', packing: '50kg编织袋', storage: '大连北良粮食储备库', picture: 'wheat', specifications: '容重≥790g/L', origin: '河南', brand: '中粮' },
    price: '2436.00',
    quantity: '3000',
    weight: '150',
    isMarginPay: true,
  },
];

/** The seed acts as the platform's staff when a step needs an audit; its own id marks those steps in history and the audit log. */
const SEED_STAFF: AuthContext = { kind: 'staff', sessionId: 'demo-seed', userId: 'demo-seed', firmId: '', marketId: '13', isMainAccount: false, language: 'cn' };

interface Services {
  warehouse: WarehouseService;
  listing: ListingService;
  supply: SupplyService;
  types: Map<string, CommodityType>;
}

export async function seedDemoMarket(ctx: DemoContext): Promise<void> {
  const { db, clock, config } = ctx;
  const ledger = createLedgerService({ clock });
  const firm = createFirmService({ db, clock });
  const uploads = createUploadService({ db, clock, dataDir: config.dataDir });
  const warehouse = createWarehouseService({ db, clock, ledger, firm, uploads });
  // The demo firms' real names are verified by the identity seeders before this runs; the seed does
  // not sign contracts (no picks), so neither check nor issuer is wired here; nor does it pay, so
  // no payment password is ever checked.
  const paymentPasswords = { verify: () => Promise.reject(new Error('the demo market seed makes no payments')) };
  const listingDeps = { db, clock, ledger, firm, warehouse, uploads, traders: { assertMayTrade: async () => {} }, paymentPasswords };
  const services: Services = {
    warehouse,
    listing: createListingService(listingDeps),
    supply: createSupplyService({ db, clock, firm, uploads }),
    types: new Map((await loadCommodityTypes(db)).map((t) => [t.name, t])),
  };
  const seller = firmUser(ctx, DEMO_MARKET_SELLER);
  const buyer = firmUser(ctx, DEMO_MARKET_BUYER);

  for (const [tel, amount] of Object.entries(DEMO_FUNDS)) {
    const { firmId } = firmUser(ctx, tel);
    await ledger.post(db, {
      idempotencyKey: `demo.grant:firm:${firmId}:CNY`,
      type: 'demo.grant',
      description: 'demo deposit',
      postings: [
        { account: { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.bankClearingIcbc }, amount: `-${amount}` },
        { account: firmFund(firmId), amount },
      ],
    });
  }

  for (const offer of OFFERS) {
    const owner = offer.kind === 'Q' ? buyer : seller;
    const listed = await listOnce(services, offer, owner, seller, shanghaiDay(clock.now()));
    // A demo listing traded out or withdrawn since needs no new note.
    if (listed?.status === 'O') await announce(services, offer, owner, listed);
  }
}

function firmUser(ctx: DemoContext, tel: string): AuthContext {
  const account = ctx.accounts[tel];
  if (!account) throw new Error(`the demo account ${tel} must be seeded before the demo market`);
  return { kind: 'user', sessionId: 'demo-seed', userId: account.userId, firmId: account.firmId, marketId: '13', isMainAccount: true, language: 'cn' };
}

function catalogueOf(services: Services, goods: Goods) {
  const type = services.types.get(goods.commodity);
  const grade = type?.grades.find((g) => g.gradeName === goods.grade);
  const packing = type?.packages.find((p) => p.packageName === goods.packing);
  if (!type || !grade || !packing) throw new Error(`the catalogue has no ${goods.commodity} ${goods.grade} ${goods.packing}`);
  return { type, gradeId: grade.gradeId, packagId: packing.packagId };
}

/** The owner's listing of this offer, in any state, recognised by its kind, goods, price and weight. */
async function existingListing(services: Services, offer: Offer, owner: AuthContext, commodityTypeId: string): Promise<ListingDetail | undefined> {
  const type = offer.kind === 'C' ? 'B' : offer.kind;
  for (let page = 0; ; page++) {
    const found = await services.listing.mine(owner, MarketQuery.parse({ type, commodityTypeId, page, size: 100 }));
    const match = found.content.find(
      (l) => l.source === (offer.kind === 'C' ? 'C' : 'W') && Decimal.parse(l.price).eq(offer.price) && Decimal.parse(l.weight).eq(offer.weight),
    );
    if (match) return match;
    if ((page + 1) * 100 >= found.total) return undefined;
  }
}

/**
 * Lists the offer unless an earlier start did (whatever became of it since: a picked or withdrawn
 * demo listing stays so). Listings that staff audit are passed by the seed's staff.
 */
async function listOnce(services: Services, offer: Offer, owner: AuthContext, seller: AuthContext, today: string): Promise<ListingDetail | undefined> {
  const goods = offer.kind === 'X' || offer.kind === 'B' ? offer.lot : offer.goods;
  const { type, gradeId, packagId } = catalogueOf(services, goods);
  let listing = await existingListing(services, offer, owner, type.commodityTypeId);
  if (!listing) {
    const common = { commodityTypeId: type.commodityTypeId, gradeId, price: offer.price, quantity: offer.quantity, weight: offer.weight, openTicketDay: 7, autoRevoke: false };
    const terms = { ...common, origin: goods.origin, packagId, specifications: goods.specifications };
    if (offer.kind === 'X' || offer.kind === 'B') {
      const holdId = await heldPart(services, seller, offer.lot, offer.quantity, today);
      if (!holdId) return undefined;
      listing =
        offer.kind === 'X'
          ? await services.listing.create(owner, CreateListingRequest.parse({ ...common, holdId }))
          : await services.listing.createMargin(owner, MarginListingRequest.parse({ ...terms, bsFlag: 'S', sourceId: 'W', holdId, poundsPoor: offer.poundsPoor }));
    } else if (offer.kind === 'C') {
      const putWarehousDay = shanghaiDay(new Date(new Date(`${today}T12:00:00+08:00`).getTime() + offer.stockInDays * 86_400_000));
      listing = await services.listing.createMargin(owner, MarginListingRequest.parse({ ...terms, bsFlag: 'S', sourceId: 'C', putWarehousDay }));
    } else {
      listing = await services.listing.createPurchase(owner, PurchaseListingRequest.parse({ ...terms, isMarginPay: offer.isMarginPay }));
    }
  }
  if (listing.status === 'A') listing = await services.listing.audit(SEED_STAFF, AdminListingAuditRequest.parse({ listingId: listing.listingId, pass: true }));
  return listing;
}

/** A held holding of the lot with at least `quantity` in it, the lot stocked in first when needed. */
async function heldPart(services: Services, seller: AuthContext, lot: Lot, quantity: string, today: string): Promise<string | undefined> {
  const apply = await stockIn(services, seller, lot, today);
  if (!apply?.receiptId) return undefined;
  for (let page = 0; ; page++) {
    const held = await services.warehouse.holdings(seller, { status: '0', page, size: 100 });
    const part = held.content.find((h) => h.receiptId === apply.receiptId && Decimal.parse(h.quantity).gte(quantity));
    if (part) return part.holdId;
    if ((page + 1) * 100 >= held.total) return undefined;
  }
}

/**
 * Walks the lot's warehousing application from wherever an earlier start left it to `9 stored`:
 * audit, inspection fee, a self-inspection report with the goods' picture, review, arrival, storage.
 */
async function stockIn(services: Services, seller: AuthContext, lot: Lot, today: string): Promise<WarehousingApply | undefined> {
  const { warehouse } = services;
  let apply = await applicationOf(warehouse, seller, lot.batch);
  if (!apply) {
    const { type, gradeId, packagId } = catalogueOf(services, lot);
    const storage = (await warehouse.storages({ name: lot.storage, page: 0, size: 10 })).content.find((s) => s.name === lot.storage);
    if (!storage) throw new Error(`the warehouse ${lot.storage} is not seeded`);
    apply = await warehouse.apply(
      seller,
      WarehousingApplyRequest.parse({
        type: '1',
        commodityTypeId: type.commodityTypeId,
        batch: lot.batch,
        firmName: SELLER_NAME,
        gradeId,
        manufacturer: lot.manufacturer,
        outWarehousDay: today,
        packagId,
        quantity: lot.quantity,
        weight: lot.weight,
        storageId: storage.storageId,
        reportType: '2',
      }),
    );
  }
  const applyId = apply.applyId;
  for (;;) {
    if (apply.status === '9') return apply;
    if (apply.status === '0') apply = await warehouse.audit(SEED_STAFF, AuditRequest.parse({ applyId, pass: true }));
    else if (apply.status === '8' && apply.inspectionStatus === '0') apply = await warehouse.setFee(SEED_STAFF, SetFeeRequest.parse({ applyId, fee: INSPECTION_FEE }));
    else if (apply.status === '8' && apply.inspectionStatus === '1') {
      const report = await warehouse.uploadReport(seller, await drawPicture(lot.picture));
      apply = await warehouse.submitReport(seller, SubmitReportRequest.parse({ applyId, reportType: '2', fileId: report.id }));
    } else if (apply.status === '1' && apply.inspectionStatus === '2') apply = await warehouse.review(SEED_STAFF, AuditRequest.parse({ applyId, pass: true }));
    else if (apply.status === '2' && apply.arrival === '') apply = await warehouse.arrive(SEED_STAFF, Number(applyId));
    else if (apply.status === '2' && apply.arrival === 'F') apply = await warehouse.store(SEED_STAFF, Number(applyId));
    // Revoked, refused or picked up by hand since: the lot is the firm's business now.
    else return undefined;
  }
}

async function applicationOf(warehouse: WarehouseService, seller: AuthContext, batch: string): Promise<WarehousingApply | undefined> {
  for (let page = 0; ; page++) {
    const found = await warehouse.applies(seller, { page, size: 100 });
    const apply = found.content.find((a) => a.batch === batch);
    if (apply) return apply;
    if ((page + 1) * 100 >= found.total) return undefined;
  }
}

/** The listing's note on the supply board, with the goods' picture: what a visitor browses first. */
async function announce(services: Services, offer: Offer, owner: AuthContext, listing: ListingDetail): Promise<void> {
  const { supply } = services;
  const goods = offer.kind === 'X' || offer.kind === 'B' ? offer.lot : offer.goods;
  const title = noteTitle(offer, goods, listing);
  const mine = await supply.mine(owner, SupplyMineRequest.parse({ keyword: title, page: 0, size: 10 }));
  let note = mine.content.find((n) => n.title === title);
  if (!note) {
    const picture = await supply.upload(owner, await drawPicture(goods.picture), 'cn');
    const storage = (await services.warehouse.storages({ name: goods.storage, page: 0, size: 10 })).content.find((s) => s.name === goods.storage);
    note = await supply.release(
      owner,
      SupplyNoteRequest.parse({
        kind: offer.kind === 'Q' ? 'demand' : 'supply',
        title,
        description: noteDescription(offer, listing),
        commodityTypeId: listing.commodityTypeId,
        commodityName: goods.commodity,
        brand: goods.brand,
        specifications: `${goods.grade} ${goods.specifications}`,
        packages: goods.packing,
        price: offer.kind === 'X' ? Decimal.parse(offer.price).div(Decimal.parse(offer.weight).div(offer.quantity, 3, 'truncate'), 2, 'truncate').toFixed(2) : offer.price,
        unit: `元/${listing.weightUnit}`,
        weight: offer.weight,
        weightUnit: listing.weightUnit,
        address: storage?.address ?? goods.storage,
        companyName: offer.kind === 'Q' ? BUYER_NAME : SELLER_NAME,
        contactsName: offer.kind === 'Q' ? BUYER_NAME : SELLER_NAME,
        contactsPhone: offer.kind === 'Q' ? DEMO_MARKET_BUYER : DEMO_MARKET_SELLER,
        img: picture.id,
      }),
      'cn',
    );
  }
  if (note.status === 'W') await supply.audit(SEED_STAFF, SupplyAuditRequest.parse({ noteId: note.noteId, pass: true }));
}

function noteTitle(offer: Offer, goods: Goods, listing: ListingDetail): string {
  const what = `${goods.brand}${goods.commodity} ${goods.grade}`;
  if (offer.kind === 'Q') return `求购${what} ${listing.weight}${listing.weightUnit}`;
  if (offer.kind === 'C') return `预售${what} ${listing.putWarehousDay ?? ''}前入库`;
  return `现货${what} ${goods.storage}`;
}

function noteDescription(offer: Offer, listing: ListingDetail): string {
  const unit = offer.kind === 'X' ? listing.unit : listing.weightUnit;
  const kind = { X: '现货挂牌', B: '保证金挂牌', C: '预售挂牌', Q: '求购单' }[offer.kind];
  return `${kind} ${listing.listingId}：${listing.quantity}${listing.unit} / ${listing.weight}${listing.weightUnit}，${Decimal.parse(offer.price).toFixed(2)} 元/${unit}。详情见挂牌大厅。`;
}

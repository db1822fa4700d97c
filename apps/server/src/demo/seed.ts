import type { Config } from '../platform/config';
import { configureAuditKey } from '../platform/audit/index';
import { type Clock, systemClock } from '../platform/clock';
import type { Database, Db } from '../platform/db/index';
import { createFirmService } from '../modules/firm/index';
import { createUserDirectory, platformStaff, seedDemoIdentities, type DemoAccounts } from '../modules/identity/index';
import { seedStaffRoles } from '../modules/staff/index';
import { seedCatalog } from '../modules/catalog/index';
import { seedStorages } from '../modules/warehouse/index';
import { seedContent } from '../modules/content/index';
import { seedPresale } from '../modules/presale/index';
import { DEMO_HOLDINGS, ensureExchangeAssets, seedDemoHoldings } from '../modules/asset/index';
import { seedDemoCustody } from '../modules/wallet/index';
import { createLedgerService } from '../modules/ledger/index';
import { createVerificationService } from '../modules/verification/index';
import { MARKET_MAKER_ACCOUNTS, MARKET_MAKER_HOLDINGS, MARKET_MAKER_IDS, acceptCurrentDisclosure, ensureSpotMarkets } from '../modules/spot/index';
import { seedDemoMarket } from './market-seed';

/** The fixed demo logins, documented in the README; they exist only in development mode. */
export const DEMO_LOGINS = [
  { account: '13800000001', role: 'personal buyer' },
  { account: '13800000002', role: 'personal seller' },
  { account: '13800000003', role: 'enterprise main account' },
  { account: '13800000004', role: 'enterprise staff (trader role)' },
  { account: '13800000005', role: 'enterprise staff (finance role)' },
  { account: 'admin', role: 'back-office super-administrator' },
  { account: 'auditor', role: 'back-office reviewer (reviews only)' },
  { account: 'finance', role: 'back-office finance (withdrawals, bank)' },
  { account: '13800000009', role: 'exchange demo market maker (its taker is 13800000008)' },
] as const;

export const DEMO_PASSWORD = 'Demo@123456';

export const DEMO_ENTERPRISE_NAME = '上海钢联贸易有限公司';

/** What every module's demo seeder gets: the database, the clock, and the accounts seeded before it. */
export interface DemoContext {
  db: Db;
  clock: Clock;
  config: Config;
  /** By login (mobile number): the user's id and firm id. Filled by the identity seeder, which runs first. */
  accounts: DemoAccounts;
}

/**
 * One seeder per module, run in this order. Each must be idempotent (create only what is missing),
 * because the seed runs at every development start. Modules append theirs here.
 */
const SEEDERS: { module: string; seed(ctx: DemoContext): Promise<void> }[] = [
  {
    module: 'identity',
    async seed(ctx) {
      const firm = createFirmService({ db: ctx.db, clock: ctx.clock });
      const accounts = await seedDemoIdentities(
        { db: ctx.db, clock: ctx.clock, firm },
        {
          password: DEMO_PASSWORD,
          firms: [
            { name: '张三（个人买家）', userType: 'personal', users: [{ tel: '13800000001', userName: '张三', isMainAccount: true }] },
            { name: '李四（个人卖家）', userType: 'personal', users: [{ tel: '13800000002', userName: '李四', isMainAccount: true }] },
            {
              name: DEMO_ENTERPRISE_NAME,
              userType: 'enterprise',
              roles: [
                {
                  roleName: '交易员',
                  rightCodes: ['trade.list', 'trade.pick', 'trade.bargain', 'trade.purchase', 'trade.invoice', 'trade.delivery', 'auction.bid', 'contract.sign', 'warehouse.apply', 'warehouse.pickup'],
                },
                { roleName: '财务', rightCodes: ['capital.view', 'capital.deposit', 'capital.withdraw', 'capital.sign', 'capital.password'] },
              ],
              users: [
                { tel: '13800000003', userName: '王总', isMainAccount: true },
                { tel: '13800000004', userName: '赵交易', isMainAccount: false, roleNames: ['交易员'] },
                { tel: '13800000005', userName: '钱财务', isMainAccount: false, roleNames: ['财务'] },
              ],
            },
          ],
          staff: [
            { account: 'admin', name: '平台管理员', role: 'admin' },
            { account: 'auditor', name: '审核员', role: 'auditor' },
            { account: 'finance', name: '财务', role: 'operator' },
          ],
        },
      );
      Object.assign(ctx.accounts, accounts);
    },
  },
  {
    // Personal firms trade only once verified by real name (contracts print it); demo identities with valid check characters.
    module: 'verification',
    async seed(ctx) {
      const verification = createVerificationService({ db: ctx.db, clock: ctx.clock, secret: ctx.config.appSecret, publisher: { flush: async () => 0 }, users: createUserDirectory({ db: ctx.db }) });
      for (const [tel, name, idNumber] of [
        ['13800000001', '张三', '110105198506123016'],
        ['13800000002', '李四', '310115199203084528'],
      ] as const) {
        const account = ctx.accounts[tel];
        if (!account) throw new Error(`demo account ${tel} was not seeded`);
        const auth = { kind: 'user' as const, sessionId: 'seed', userId: account.userId, firmId: account.firmId, marketId: '13', isMainAccount: true, language: 'cn' as const };
        if ((await verification.status(auth)).realName === '0') await verification.basic(auth, { name, idNumber });
      }
    },
  },
  { module: 'staff', seed: (ctx) => seedStaffRoles(ctx.db, { directory: platformStaff, at: ctx.clock.now() }) },
  { module: 'catalog', seed: (ctx) => seedCatalog(ctx.db, ctx.clock.now()) },
  { module: 'warehouse', seed: (ctx) => seedStorages(ctx.db, ctx.clock.now()) },
  { module: 'content', seed: (ctx) => seedContent(ctx.db, ctx.clock.now()) },
  { module: 'presale', seed: (ctx) => seedPresale(ctx.db, ctx.clock.now()) },
  {
    module: 'asset',
    async seed(ctx) {
      const buyer = ctx.accounts['13800000001'];
      if (!buyer) throw new Error('the demo buyer must be seeded before the exchange holdings');
      await ensureExchangeAssets(ctx.db);
      await seedDemoHoldings(ctx.db, createLedgerService({ clock: ctx.clock }), String(buyer.userId));
      await seedDemoCustody(ctx.db, createLedgerService({ clock: ctx.clock }), String(buyer.userId), DEMO_HOLDINGS);
    },
  },
  {
    // Two accounts, because an order never trades with its owner's own orders.
    module: 'spot market maker',
    async seed(ctx) {
      const accounts = await seedDemoIdentities(
        { db: ctx.db, clock: ctx.clock, firm: createFirmService({ db: ctx.db, clock: ctx.clock }) },
        {
          password: DEMO_PASSWORD,
          firms: [
            { name: '演示做市商（挂单）', userType: 'personal', users: [{ tel: MARKET_MAKER_ACCOUNTS.maker, userName: '做市挂单', isMainAccount: true }] },
            { name: '演示做市商（吃单）', userType: 'personal', users: [{ tel: MARKET_MAKER_ACCOUNTS.taker, userName: '做市吃单', isMainAccount: true }] },
          ],
          staff: [],
        },
      );
      Object.assign(ctx.accounts, accounts);
      await ensureSpotMarkets(ctx.db);
      const verification = createVerificationService({ db: ctx.db, clock: ctx.clock, secret: ctx.config.appSecret, publisher: { flush: async () => 0 }, users: createUserDirectory({ db: ctx.db }) });
      for (const role of ['maker', 'taker'] as const) {
        const account = accounts[MARKET_MAKER_ACCOUNTS[role]];
        if (!account) throw new Error(`market maker ${role} was not seeded`);
        const auth = { kind: 'user' as const, sessionId: 'seed', userId: account.userId, firmId: account.firmId, marketId: '13', isMainAccount: true, language: 'cn' as const };
        if ((await verification.status(auth)).realName === '0') await verification.basic(auth, { name: role === 'maker' ? '做市挂单' : '做市吃单', idNumber: MARKET_MAKER_IDS[role] });
        await acceptCurrentDisclosure(ctx.db, Number(account.userId), ctx.clock.now());
        await seedDemoHoldings(ctx.db, createLedgerService({ clock: ctx.clock }), account.userId, MARKET_MAKER_HOLDINGS);
        await seedDemoCustody(ctx.db, createLedgerService({ clock: ctx.clock }), account.userId, MARKET_MAKER_HOLDINGS);
      }
    },
  },
];

/** Seeds demo data once; running it again changes nothing. Never runs in production. */
export async function seedDemoData(database: Database, config: Config, clock: Clock = systemClock): Promise<DemoAccounts> {
  const accounts: DemoAccounts = {};
  if (config.isProduction) return accounts;
  // Seeding writes audit rows, often before the app is built: they must carry the app's key.
  configureAuditKey(config.appSecret);
  const ctx: DemoContext = { db: database.db, clock, config, accounts };
  for (const seeder of SEEDERS) await seeder.seed(ctx);
  // After every module's seeder, so the demo firms trade with everything those gave them.
  await seedDemoMarket(ctx);
  return accounts;
}

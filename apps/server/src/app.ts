import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { LOCKUP_RULES, SystemPath, UPLOAD_IMAGE_MAX_BYTES, WsTopic, bankCallbackPath, type BankChannelId } from '@tp/contract';
import type { Config } from './platform/config';
import type { Database, DbOrTx } from './platform/db/index';
import { type Clock, OffsetClock, isAdjustable, systemClock } from './platform/clock';
import { installAuth, installErrorHandler, installSecurityHeaders, ok, replyOf, type SessionResolver, type StaffAccessResolver } from './platform/http/index';
import { serveWebApps } from './platform/http/static';
import { validatorRefusingControlCharacters } from './platform/http/validator';
import { installUploadLimit } from './platform/http/account-limits';
import { createEventConsumers, createInProcessBus, createOutboxPublisher, createRedisBus, type EventBus, type EventConsumers, type OutboxPublisher } from './platform/events/index';
import { createScheduler, registerHousekeeping, type Scheduler } from './platform/scheduler/index';
import { configureAuditKey, registerAuditCheckpoint } from './platform/audit/index';
import { createStaffService, registerStaffRoutes, staffAccessResolver } from './modules/staff/index';
import { createUploadService, registerUploadRoutes } from './platform/uploads/index';
import { createWsHub, registerWsRoute, type WsHub } from './platform/ws/index';
import { createSystemService, registerSystemRoutes } from './modules/system/index';
import { createLedgerService, registerLedgerRoutes, shanghaiDay } from './modules/ledger/index';
import { createFirmService, registerFirmRoutes } from './modules/firm/index';
import { createEnterpriseServices, registerEnterpriseRoutes } from './modules/firm/index';
import { createUserDirectory, firmAccounts, platformStaff, staffPositionOf, syncSessionCache } from './modules/identity/index';
import {
  createConfiguredCodeSender,
  createDevOutboxWriter,
  createIdentityService,
  createPaymentPasswordService,
  registerIdentityRoutes,
  registerInvitationRoutes,
  registerPaymentPasswordRoutes,
  type CodeSender,
} from './modules/identity/index';
import { createCatalogService, registerCatalogRoutes } from './modules/catalog/index';
import { WarehouseJobs, createWarehouseService, registerWarehouseRoutes, type WarehouseService } from './modules/warehouse/index';
import { PresaleJobs, createPresaleService, registerPresaleRoutes } from './modules/presale/index';
import { LockupJobs, createLockupService, registerLockupRoutes } from './modules/lockup/index';
import { createContentService, createExchangeContentService, ensureContentColumns, registerContentRoutes, registerExchangeContentRoutes } from './modules/content/index';
import { createAssetService, ensureExchangeAssets, registerAssetRoutes } from './modules/asset/index';
import { assertRealNameVerified, assertSeniorVerified, createIdNumberCipher, createVerificationService, realNameIdentityOf, realNameRefusals, registerVerificationRoutes } from './modules/verification/index';
import { MARKET_MAKER_ACCOUNTS, createMarketMaker, feesOfTrades, feesPaidBetween, createSpotCluster, createSpotService, ensureSpotMarkets, registerSpotInternalRoutes, registerSpotRoutes, type LeaseTiming, type SpotService } from './modules/spot/index';
import { assertNotProprietary, findUserIdByAccount, proprietaryRefusals } from './modules/identity/index';
import { createApiKeyService, registerApiKeyRoutes } from './modules/apikey/index';
import { createBinanceService, createSignedAuth, registerBinanceRoutes } from './modules/binance/index';
import { CHAINS, createSimulatedChain, createWalletService, developmentXpub, registerWalletRoutes, type ChainAdapter, type SimulatedChain, type WalletService } from './modules/wallet/index';
import { ListingJobs, createListingService, registerListingRoutes, type PledgedGoods } from './modules/listing/index';
import { createQuotationService, registerQuotationRoutes } from './modules/quotation/index';
import { createChatService, registerChatRoutes } from './modules/chat/index';
import { createDownloadService, registerDownloadRoutes } from './modules/download/index';
import { IntegralJobs, createIntegralService, registerIntegralRoutes } from './modules/integral/index';
import { AuctionJobs, type AuctionService, createAuctionCluster, createAuctionService, registerAuctionInternalRoutes, registerAuctionRoutes } from './modules/auction/index';
import { AfterSaleJobs, createAfterSaleService, registerAfterSaleRoutes } from './modules/aftersale/index';
import { createContractService, createPartyDirectory, loadSigningKey, registerContractRoutes, type ContractService } from './modules/contract/index';
import { createSupplyService, registerSupplyRoutes } from './modules/supply/index';
import { createProductService, registerProductRoutes } from './modules/product/index';
import { MallJobs, createMallService, registerMallRoutes } from './modules/mall/index';
import { OTC_EXPIRE_JOB, createOtcService, registerOtcRoutes } from './modules/otc/index';
import { PledgeJobs, createPledgeService, registerPledgeRoutes } from './modules/pledge/index';
import { CHANNEL_IDS, createBankService, createReconciliation, createSandboxBanks, registerBankRoutes, type BankChannel, type BankService, type Reconciliation, type SandboxBanks } from './modules/bank/index';
import { FuturesJobs, createFuturesService, ensureDemoFuturesListings, markFromSpot, registerFuturesRoutes, type FuturesService } from './modules/futures/index';
import { MobilePayJobs, createMobilePayService, createMobileReconciliation, createSandboxMobilePay, registerMobilePayRoutes, type MobilePayChannel, type MobilePayProvider, type MobilePayService, type MobileReconciliation, type SandboxMobilePay } from './modules/mobilepay/index';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Resolves session headers (and WebSocket auth messages); tests pass a fake. */
  sessions?: SessionResolver;
  /** Staff rights behind fake sessions (whose staff exist in no table); otherwise the staff module's. */
  staffAccess?: StaffAccessResolver;
  /** The SMS and e-mail gateways; without them, the configuration's choice (SMTP, or the sandbox's dev outbox). */
  codeSender?: CodeSender;
  /** A real bank link per channel; without them, the sandbox banks (only where BANK_CHANNELS allows them). */
  bankChannels?: Record<BankChannelId, BankChannel>;
  /** Real mobile payment provider links; without them, the sandbox providers (only where MOBILE_PAY allows them). */
  mobilePayProviders?: Record<MobilePayChannel, MobilePayProvider>;
  /** A real chain client; without one, the simulated chain (only where CHAIN_ADAPTER allows it). */
  chain?: ChainAdapter;
  /** The event bus, closed with the app; without one, Redis (REDIS_URL) or in-process. Tests give instances a Redis channel of their own. */
  bus?: EventBus;
  /** How long a spot market's or an auction lot's lease lasts and how often it is renewed (PostgreSQL); tests shorten them. */
  marketLeases?: Partial<LeaseTiming>;
}

/** An institution in use is not the sandbox, so its sandbox controls do not exist. */
function sandboxNotInUse(variable: string): never {
  throw new Error(`the sandbox is not in use here (${variable})`);
}

/** Background services modules are wired with, exposed so tests can drive them (`runDue`, `flush`). */
export interface AppPlatform {
  scheduler: Scheduler;
  publisher: OutboxPublisher;
  /** Durable event consumers (integral awards): run when the publisher has published, and on their poll. */
  consumers: EventConsumers;
  bus: EventBus;
  hub: WsHub;
}

/** Module services tests and tools drive directly (the chain watcher, the simulated chain). */
export interface AppServices {
  wallet: WalletService;
  spot: SpotService;
  futures: FuturesService;
  auction: AuctionService;
  /** The simulated chain; real chains plug in behind the same adapter (reading it throws when one is given). */
  simulatedChain: SimulatedChain;
  bank: BankService;
  /** The sandbox banks; real bank links plug in behind the same channel adapter (reading it throws when they are given). */
  sandboxBanks: SandboxBanks;
  reconciliation: Reconciliation;
  warehouse: WarehouseService;
  contracts: ContractService;
  mobilePay: MobilePayService;
  /** The sandbox payment providers (reading it throws where real providers, or none, are in use). */
  sandboxMobilePay: SandboxMobilePay;
  mobileReconciliation: MobileReconciliation;
}

export const WalletJobs = { watch: 'wallet.watch', rebalance: 'wallet.rebalance', mine: 'wallet.simulatedChain.mine' } as const;
export const BankJobs = { sandboxTick: 'bank.sandbox.tick', reconcile: 'bank.reconcile' } as const;

export interface App {
  http: FastifyInstance;
  platform: AppPlatform;
  services: AppServices;
  /** Starts the scheduler's and the outbox's polling; tests leave them off and call runDue/flush. */
  start(): Promise<void>;
  /** Stops background work (scheduler, publishers) before the HTTP server and database close. */
  close(): Promise<void>;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const http = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.sessionstr', 'req.headers.authorization', 'req.headers["x-mbx-apikey"]'] },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64 ? req.headers['x-request-id'] : randomUUID()),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  http.setValidatorCompiler(validatorRefusingControlCharacters);
  http.setSerializerCompiler(serializerCompiler);
  http.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await installSecurityHeaders(http);
  // Limits are opted into per route (login, codes, captcha); the store moves to Redis when configured.
  const rateLimitRedis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 }) : undefined;
  rateLimitRedis?.on('error', (err) => http.log.warn({ err }, 'rate-limit redis connection error'));
  await http.register(rateLimit, { global: false, ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: 'tp:rl:' } : {}) });
  await http.register(swagger, {
    openapi: { info: { title: 'Trading platform API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // The document is always built (tests walk it); the page is served only where API_DOCS allows.
  if (config.apiDocs) await http.register(swaggerUi, { routePrefix: '/api/docs' });
  await http.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // One more byte than the largest accepted file, so an oversized one is seen as such and refused.
  await http.register(multipart, { limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES + 1, files: 1, fields: 20, parts: 25 } });

  installErrorHandler(http);

  const firm = createFirmService({ db: database.db, clock });
  const codeSender =
    deps.codeSender ??
    createConfiguredCodeSender({ config, writeDevOutbox: config.isDevelopment ? createDevOutboxWriter({ db: database.db, clock, log: http.log }) : undefined, log: http.log });
  const identity = createIdentityService({ db: database.db, clock, config, firm, codeSender, log: http.log });
  const sessions: SessionResolver = deps.sessions ?? identity.sessionResolver;
  // The audit chain is keyed by the app's secret, which never sits in the database.
  configureAuditKey(config.appSecret);
  const staffRights = createStaffService({ db: database.db, clock, directory: platformStaff, dataDir: config.dataDir });
  installAuth(http, sessions, deps.staffAccess ?? staffAccessResolver(staffRights, { db: database.db, clock }));

  http.get(
    SystemPath.health,
    { schema: { response: replyOf(z.object({ status: z.literal('up'), database: z.enum(['pglite', 'postgres']), time: z.string() })) } },
    async () => {
      await database.db.execute('select 1');
      return ok({ status: 'up' as const, database: database.dialect, time: clock.now().toISOString() });
    },
  );

  const logger = http.log;
  const bus = deps.bus ?? (config.redisUrl ? await createRedisBus({ url: config.redisUrl, logger }) : createInProcessBus(logger));
  const consumers = createEventConsumers({ db: database.db, clock, logger });
  const publisher = createOutboxPublisher({ db: database.db, bus, clock, logger, onPublished: () => consumers.kick() });
  // Revoked sessions are dropped from every server process's session cache, not only this one's.
  const stopSessionSync = syncSessionCache(bus);
  const scheduler = createScheduler({ db: database.db, clock, logger, instanceId: `${hostname()}#${process.pid}` });
  registerHousekeeping(scheduler, { db: database.db, clock });
  // Tests open throwaway databases: their heads must not be anchored in a shared data directory.
  if (config.env !== 'test') registerAuditCheckpoint(scheduler, { db: database.db, dataDir: config.dataDir, now: () => clock.now() });
  const hub = createWsHub({ bus, sessions, logger });
  const platform: AppPlatform = { scheduler, publisher, consumers, bus, hub };
  registerWsRoute(http, hub);
  installUploadLimit(http);
  registerUploadRoutes(http, { uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }) });
  registerSystemRoutes(http, { system: createSystemService({ db: database.db, clock, publisher }) });

  const ledger = createLedgerService({ clock });
  registerLedgerRoutes(http, { db: database.db, ledger });
  registerIdentityRoutes(http, identity, { devOutbox: config.isDevelopment });
  registerFirmRoutes(http, firm);
  registerStaffRoutes(http, staffRights);
  registerInvitationRoutes(http, { db: database.db });
  const paymentPasswords = createPaymentPasswordService({ db: database.db, clock, verifyCode: identity.verifyCode, requireRight: (auth, right) => firm.requireRight(auth, right) });
  registerPaymentPasswordRoutes(http, paymentPasswords);
  const users = createUserDirectory({ db: database.db });
  registerCatalogRoutes(http, createCatalogService({ db: database.db }));
  const warehouse = createWarehouseService({ db: database.db, clock, ledger, firm, uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }) });
  registerWarehouseRoutes(http, warehouse);
  // Seals are read when a party signs, long after wiring, from the personal center built below.
  const idNumbers = createIdNumberCipher(config.appSecret);
  const contracts = createContractService({
    db: database.db,
    clock,
    firm,
    seals: { sealImageOf: (firmId) => enterprise.profile.sealImageOf(firmId) },
    signingKey: await loadSigningKey(config),
    parties: createPartyDirectory({
      firm,
      mainUserOf: async (tx, firmId) => (await firmAccounts.mainOf(tx, firmId))?.userId,
      realNameOf: realNameIdentityOf,
      creditCodeOf: (tx, firmId) => enterprise.certification.certifiedRegisterNo(firmId, tx),
    }),
    revealIdNumber: (sealed) => idNumbers.decrypt(sealed),
  });
  registerContractRoutes(http, contracts);
  // Outside production (or with SANDBOX_CLOCK=on) trading time can be moved forward to walk through
  // deadlines; sessions and codes keep real time, so advancing days does not log everyone out.
  const tradingClock = deps.clock ?? (config.sandboxClock ? new OffsetClock() : systemClock);
  // A personal firm trades once its person has verified their real name, which its contracts print.
  const traders = {
    async assertMayTrade(auth: { firmId: string; userId: string }) {
      const record = await firm.getFirm(auth.firmId);
      if (record?.userType !== 'personal') return;
      const refusal = (await traders.tradeRefusals(database.db, [{ firmId: Number(auth.firmId), userId: Number(auth.userId), isMainAccount: false }])).get(0);
      if (refusal) throw refusal;
    },
    /** The refusals of callers of personal firms, by their place, in one read of real names (a group of bids); a personal firm's person is mostly the caller, its main account. */
    async tradeRefusals(db: DbOrTx, callers: readonly { firmId: number; userId: number; isMainAccount: boolean }[]) {
      const persons = await Promise.all(callers.map(async (c) => (c.isMainAccount ? c.userId : ((await firmAccounts.mainOf(db, c.firmId))?.userId ?? c.userId))));
      const refused = await realNameRefusals(db, [...new Set(persons)]);
      const refusals = new Map<number, Error>();
      persons.forEach((person, i) => {
        const refusal = refused.get(person);
        if (refusal) refusals.set(i, refusal);
      });
      return refusals;
    },
  };
  // Quotations are built from the deals the trading modules hand over inside their transactions.
  const quotation = createQuotationService({ db: database.db, clock: tradingClock });
  registerQuotationRoutes(http, quotation);
  // Pledged goods are listed through the pledge service, created further down (it needs the enterprise certification).
  const pledgedGoods: PledgedGoods = {
    list: (tx, input) => pledge.pledgedGoods.list(tx, input),
    deliver: (tx, input) => pledge.pledgedGoods.deliver(tx, input),
    paid: (tx, input) => pledge.pledgedGoods.paid(tx, input),
    unlisted: (tx, input) => pledge.pledgedGoods.unlisted(tx, input),
  };
  const listing = createListingService({
    db: database.db,
    clock: tradingClock,
    ledger,
    firm,
    warehouse,
    contracts,
    traders,
    paymentPasswords,
    deals: quotation,
    uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }),
    pledged: pledgedGoods,
  });
  registerListingRoutes(http, listing, { sandbox: !config.isProduction && isAdjustable(tradingClock) ? { clock: tradingClock } : undefined });
  scheduler.register(ListingJobs.defaults, async () => void (await listing.sweepDefaults()));
  scheduler.every(ListingJobs.defaults, 600_000);
  scheduler.register(ListingJobs.autoRevoke, async () => void (await listing.autoRevoke()));
  scheduler.every(ListingJobs.autoRevoke, 60_000);
  // On PostgreSQL other instances may bid on the same lots: each lot in bidding is written where its lease is.
  const auctionCluster = database.dialect === 'postgres' ? createAuctionCluster({ db: database.db, url: config.instanceUrl, secret: config.appSecret, logger, timing: deps.marketLeases }) : undefined;
  const auction = createAuctionService({
    db: database.db,
    clock: tradingClock,
    ledger,
    firm,
    warehouse,
    listing,
    contracts,
    traders,
    paymentPasswords,
    scheduler,
    // Live prices are ephemeral like market data: straight onto the bus after the bid commits.
    feed: (topic, payload) => void bus.publish(topic, { type: 'auction.changed', pushType: 'auction', payload }),
    antiSnipingMs: config.auctionAntiSnipingMinutes * 60_000,
    cluster: auctionCluster,
  });
  registerAuctionRoutes(http, auction);
  if (auctionCluster) registerAuctionInternalRoutes(http, auction, auctionCluster.signer);
  scheduler.register<{ itemId: number }>(AuctionJobs.phase, (job) => auction.advance(job.payload.itemId));
  scheduler.register<{ itemId: number; firmId: number }>(AuctionJobs.enrol, (job) => auction.answerPreRegistration(job.payload.itemId, job.payload.firmId));
  scheduler.register(AuctionJobs.defaults, async () => void (await auction.sweepDefaults()));
  scheduler.every(AuctionJobs.defaults, 60_000);
  scheduler.register(AuctionJobs.phases, async () => void (await auction.advanceDue()));
  scheduler.every(AuctionJobs.phases, 2_000);
  // Returns and exchanges of auction (and mall) orders run on trading time, so the sandbox clock walks them through their deadlines.
  const aftersale = createAfterSaleService({ db: database.db, clock: tradingClock, firm, uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }), scheduler, publisher });
  registerAfterSaleRoutes(http, aftersale);
  scheduler.register<{ requestId: number }>(AfterSaleJobs.timeout, async (job) => void (await aftersale.expire(job.payload.requestId)));
  scheduler.register(AfterSaleJobs.timeouts, async () => void (await aftersale.expireDue()));
  scheduler.every(AfterSaleJobs.timeouts, 60_000);
  // Mobile payments (mall orders pay through them): the sandbox providers deliver their signed
  // notifications through the same HTTP route a real provider calls.
  const sandboxMobilePay =
    deps.mobilePayProviders || config.mobilePay === 'off'
      ? undefined
      : await createSandboxMobilePay({
          db: database.db,
          clock,
          publicUrl: config.instanceUrl,
          scheduler,
          deliver: async (url, request) => {
            const answer = await http.inject({ method: 'POST', url: new URL(url, config.instanceUrl).pathname, headers: request.headers, payload: request.body });
            return { status: answer.statusCode, body: answer.body };
          },
        });
  const mobilePay = createMobilePayService({
    db: database.db,
    clock,
    ledger,
    // Neither real nor sandbox providers (production without MOBILE_PAY): no channel is offered.
    providers: deps.mobilePayProviders ?? sandboxMobilePay?.providers ?? {},
    scheduler,
    publisher,
    publicUrl: config.instanceUrl,
  });
  const mobileReconciliation = createMobileReconciliation({ db: database.db, clock, service: mobilePay });
  registerMobilePayRoutes(http, mobilePay, { reconciliation: mobileReconciliation, sandbox: sandboxMobilePay });
  scheduler.register<{ paymentId: number }>(MobilePayJobs.expire, (job) => mobilePay.expire(job.payload.paymentId));
  scheduler.register<{ refundId: number }>(MobilePayJobs.refund, (job) => mobilePay.submitRefund(job.payload.refundId));
  scheduler.register<{ refundId: number }>(MobilePayJobs.refundCheck, (job) => mobilePay.checkRefund(job.payload.refundId), { retryBackoffMs: 60_000 });
  scheduler.register(MobilePayJobs.reconcile, async () => {
    const yesterday = shanghaiDay(new Date(clock.now().getTime() - 86_400_000));
    for (const channel of mobilePay.channels()) await mobileReconciliation.reconcile(channel, yesterday);
  });
  scheduler.every(MobilePayJobs.reconcile, 3_600_000);
  registerSupplyRoutes(http, createSupplyService({ db: database.db, clock, firm, uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }) }));
  registerProductRoutes(
    http,
    createProductService({
      db: database.db,
      clock,
      ledger,
      firm,
      uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }),
      addresses: { addressOf: (auth, id) => enterprise.profile.addressOf(auth, id) },
    }),
  );
  const mall = createMallService({
    db: database.db,
    clock,
    ledger,
    firm,
    uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }),
    addresses: { addressOf: (auth, id) => enterprise.profile.addressOf(auth, id) },
    paymentPasswords,
    scheduler,
    publisher,
    mobilePay: {
      create: (tx, input) => mobilePay.createMobilePayment(tx, { ...input, purpose: 'mall' }),
      refund: (tx, input) => mobilePay.refundMobilePayment(tx, input),
    },
  });
  registerMallRoutes(http, mall);
  // A confirmed mobile payment has credited the buyer's balance; the order is paid from it in the same transaction.
  mobilePay.registerMobilePayPurpose('mall', { onPaid: (tx, event) => mall.orders.onMobilePaid(tx, event.reference, event.channel, event.paymentId) });
  scheduler.register<{ orderId: number }>(MallJobs.due, (job) => mall.orders.runDue(job.payload.orderId));
  scheduler.register(WarehouseJobs.storageFees, async () => void (await warehouse.accrueStorageFees()));
  scheduler.every(WarehouseJobs.storageFees, 3_600_000);
  // Loans run on trading time, so the sandbox clock walks them through their days; the job is idempotent per loan and day.
  const pledge = createPledgeService({
    db: database.db,
    clock: tradingClock,
    ledger,
    firm,
    warehouse,
    certifiedRegisterNo: (firmId) => enterprise.certification.certifiedRegisterNo(firmId),
    signingKey: await loadSigningKey(config),
  });
  registerPledgeRoutes(http, pledge, { sandbox: !config.isProduction && isAdjustable(tradingClock) });
  scheduler.register(PledgeJobs.daily, async () => void (await pledge.daily()));
  scheduler.every(PledgeJobs.daily, 3_600_000);
  // Customer service answers visitors too, so the chat is wired beside the public content.
  registerChatRoutes(
    http,
    createChatService({
      db: database.db,
      clock,
      secret: config.appSecret,
      uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }),
      publisher,
      staffNameOf: async (staffId) => (await platformStaff.find(database.db, Number(staffId)))?.name ?? staffId,
    }),
  );
  // Desktop client installers are listed when a build has put them here; staff publish the documents.
  registerDownloadRoutes(
    http,
    createDownloadService({ db: database.db, clock, uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }), installerDir: path.join(config.dataDir, 'desktop') }),
  );
  // Integrals run on trading time, so the sandbox clock walks a firm's points through a year end.
  const integral = createIntegralService({
    db: database.db,
    clock: tradingClock,
    ledger,
    firm,
    uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }),
    addresses: { addressOf: (auth, id) => enterprise.profile.addressOf(auth, id) },
  });
  registerIntegralRoutes(http, integral);
  consumers.register(integral.awards);
  scheduler.register(IntegralJobs.expire, async () => void (await integral.expireYearEnd()));
  scheduler.every(IntegralJobs.expire, 3_600_000);
  await ensureContentColumns(database.db, clock.now());
  registerContentRoutes(http, createContentService({ db: database.db }));
  registerExchangeContentRoutes(http, createExchangeContentService({ db: database.db, clock, users }));
  const presale = createPresaleService({
    db: database.db,
    clock: tradingClock,
    ledger,
    mayBuy: async (tx, userId) => {
      await assertRealNameVerified(tx, userId);
      await assertNotProprietary(tx, userId);
    },
  });
  registerPresaleRoutes(http, presale);
  scheduler.register(PresaleJobs.allocate, async () => void (await presale.allocateEnded()));
  scheduler.every(PresaleJobs.allocate, 5_000);
  scheduler.register(PresaleJobs.unlock, async () => void (await presale.releaseDue()));
  scheduler.every(PresaleJobs.unlock, 5_000);
  await ensureExchangeAssets(database.db);
  const assets = createAssetService({ db: database.db, ledger, tradeFees: (userId, tradeIds) => feesOfTrades(database.db, Number(userId), tradeIds) });
  registerAssetRoutes(http, assets);
  const lockup = createLockupService({
    db: database.db,
    clock: tradingClock,
    ledger,
    assertSenior: assertSeniorVerified,
    feesUsdt: async (userId, from, until) => (await feesPaidBetween(database.db, userId, from, until)).get('USDT') ?? '0',
    tokenPriceUsdt: async () => (await assets.list()).find((asset) => asset.code === LOCKUP_RULES.asset)?.usdtPrice ?? '0',
  });
  registerLockupRoutes(http, lockup);
  scheduler.register(LockupJobs.monthly, async () => void (await lockup.payDue()));
  scheduler.every(LockupJobs.monthly, 5_000);
  registerVerificationRoutes(http, createVerificationService({ db: database.db, clock, secret: config.appSecret, publisher, users }));
  const enterprise = createEnterpriseServices({
    db: database.db,
    clock,
    firm,
    uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }),
    accounts: firmAccounts,
    users,
    staffPositionOf,
  });
  registerEnterpriseRoutes(http, enterprise);

  const simulatedChain = deps.chain ? undefined : createSimulatedChain({ db: database.db, clock });
  const wallet = createWalletService({
    db: database.db,
    clock,
    ledger,
    chain: deps.chain ?? simulatedChain ?? sandboxNotInUse('CHAIN_ADAPTER'),
    assets,
    publisher,
    paymentPasswords,
    users,
    xpubs: { BTC: config.walletXpubs.BTC ?? developmentXpub('BTC'), ETH: config.walletXpubs.ETH ?? developmentXpub('ETH') },
    autoApproveUsdt: config.walletAutoApproveUsdt,
    dualApprovalUsdt: config.walletDualApprovalUsdt,
  });
  registerWalletRoutes(http, wallet, { simulatedChain: config.isDevelopment ? simulatedChain : undefined, afterChainAction: () => wallet.watch() });
  scheduler.register(WalletJobs.watch, () => wallet.watch());
  scheduler.every(WalletJobs.watch, 3_000);
  scheduler.register(WalletJobs.rebalance, () => wallet.rebalance());
  scheduler.every(WalletJobs.rebalance, 3_600_000);
  // The simulated chain only moves when something mines it: wherever it stands in for the chains.
  if (simulatedChain) {
    scheduler.register(WalletJobs.mine, async () => {
      for (const chain of CHAINS) await simulatedChain.mine(chain);
    });
    scheduler.every(WalletJobs.mine, config.simChainBlockMs);
  }

  const sandboxBanks = deps.bankChannels
    ? undefined
    : createSandboxBanks({
        db: database.db,
        clock,
        secret: config.appSecret,
        // The sandbox posts its callbacks through the same HTTP route a real bank calls.
        deliver: async (bankId, body) => (await http.inject({ method: 'POST', url: bankCallbackPath(bankId), payload: body })).statusCode,
      });
  const bankChannels = deps.bankChannels ?? (sandboxBanks ? { icbc: sandboxBanks.channel('icbc'), pab: sandboxBanks.channel('pab') } : sandboxNotInUse('BANK_CHANNELS'));
  const bank = createBankService({ db: database.db, clock, ledger, firm, channels: bankChannels, publisher, paymentPasswords, secret: config.appSecret });
  const reconciliation = createReconciliation({ db: database.db, clock, channels: bankChannels, applyAnswer: bank.applyAnswer });
  registerBankRoutes(http, bank, { reconciliation, sandbox: config.isDevelopment ? sandboxBanks : undefined });
  // The sandbox banks answer on their own tick; a real bank answers by its callbacks.
  if (sandboxBanks) {
    scheduler.register(BankJobs.sandboxTick, async () => void (await sandboxBanks.tick()));
    scheduler.every(BankJobs.sandboxTick, 1_000);
  }
  scheduler.register(BankJobs.reconcile, async () => {
    const today = shanghaiDay(clock.now());
    const yesterday = shanghaiDay(new Date(clock.now().getTime() - 86_400_000));
    for (const bankId of CHANNEL_IDS) for (const day of [yesterday, today]) await reconciliation.reconcile(bankId, day);
  });
  scheduler.every(BankJobs.reconcile, 3_600_000);

  await ensureSpotMarkets(database.db);
  // On PostgreSQL other instances may share the markets: each book runs where its lease is.
  const spotCluster = database.dialect === 'postgres' ? createSpotCluster({ db: database.db, url: config.instanceUrl, secret: config.appSecret, bus, logger, timing: deps.marketLeases }) : undefined;
  const spot = createSpotService({
    db: database.db,
    clock,
    ledger,
    concurrentReads: database.dialect === 'postgres',
    mayTrade: async (tx, userIds) => {
      const refusals: Map<number, Error> = await proprietaryRefusals(tx, userIds);
      for (const [userId, refusal] of await realNameRefusals(tx, userIds)) if (!refusals.has(userId)) refusals.set(userId, refusal);
      return refusals;
    },
    // Market data is ephemeral: straight onto the bus, not through the outbox.
    feed: (topic, pushType, payload) => void bus.publish(topic, { type: `spot.${pushType}`, pushType, payload }),
    ...spotCluster?.deps,
  });
  await spot.load();
  registerSpotRoutes(http, spot);
  // Contract trading follows the spot markets' prices; its watcher and daily settlement run on one instance at a time (the scheduler's claim).
  if (config.isDevelopment) await ensureDemoFuturesListings(database.db, clock.now());
  const futures = createFuturesService({
    db: database.db,
    clock,
    ledger,
    markOf: markFromSpot(spot),
    quoteOf: async (symbol) => (await spot.markets()).find((m) => m.symbol === symbol)?.quote,
    assertMayTrade: async (tx, userId) => {
      await assertRealNameVerified(tx, userId);
      await assertNotProprietary(tx, userId);
    },
    disclosureAccepted: async (userId) => (await spot.riskDisclosure(userId)).accepted,
    placesOf: async (currency) => (await assets.list()).find((a) => a.code === currency)?.precision ?? ledger.scaleOf(currency),
    push: (userId, data) => void bus.publish(WsTopic.user(String(userId)), { type: 'futures.changed', pushType: 'order', payload: data }),
  });
  registerFuturesRoutes(http, futures);
  scheduler.register(FuturesJobs.watch, async () => void (await futures.watch()));
  scheduler.every(FuturesJobs.watch, 1_000);
  scheduler.register(FuturesJobs.settle, async () => void (await futures.settle()));
  scheduler.every(FuturesJobs.settle, 3_600_000);
  if (spotCluster) registerSpotInternalRoutes(http, spot, spotCluster.signer);
  const apiKeys = createApiKeyService({ db: database.db, clock, appSecret: config.appSecret });
  registerApiKeyRoutes(http, apiKeys);
  await registerBinanceRoutes(http, {
    binance: createBinanceService({ db: database.db, clock, spot, assets, wallet }),
    authenticate: createSignedAuth({ apiKeys, clock }),
  });
  // Fiat trading runs on trading time, so the sandbox clock walks an order through its 15 minutes.
  const otc = createOtcService({
    db: database.db,
    clock: tradingClock,
    ledger,
    paymentPasswords,
    uploads: createUploadService({ db: database.db, clock, dataDir: config.dataDir }),
    publisher,
    users,
    assets,
    indexPrice: async (coin) => {
      const last = spot.tickers().find((t) => t.symbol === `${coin}USDT`)?.last;
      if (last && Number(last) > 0) return last;
      return (await assets.list()).find((a) => a.code === coin)?.usdtPrice ?? '1';
    },
  });
  registerOtcRoutes(http, otc, { sandbox: !config.isProduction && isAdjustable(tradingClock) ? { clock: tradingClock } : undefined });
  scheduler.register<{ orderId: number }>(OTC_EXPIRE_JOB, async (job) => void (await otc.orders.expire(job.payload.orderId)));
  if (config.marketMaker) {
    const makerUserId = await findUserIdByAccount(database.db, MARKET_MAKER_ACCOUNTS.maker);
    const takerUserId = await findUserIdByAccount(database.db, MARKET_MAKER_ACCOUNTS.taker);
    if (makerUserId !== undefined && takerUserId !== undefined) {
      const maker = createMarketMaker({ spot, makerUserId, takerUserId });
      scheduler.register('spot.marketMaker', () => maker.tick());
      scheduler.every('spot.marketMaker', 2_000);
    }
  }

  if (config.webDistDir) await serveWebApps(http, config.webDistDir);

  let closing: Promise<void> | undefined;
  const shutDown = async () => {
    await scheduler.stop();
    await publisher.stop();
    await consumers.stop();
    await hub.close();
    stopSessionSync();
    await bus.close();
    await http.close();
    // After HTTP: orders still finishing commit first; then the other instances may take the markets.
    await spot.close();
    await auction.close({ release: true });
    // After HTTP: requests still finishing may pass through a rate limit.
    await rateLimitRedis?.quit();
  };

  return {
    http,
    platform,
    services: {
      wallet,
      spot,
      futures,
      auction,
      get simulatedChain() {
        return simulatedChain ?? sandboxNotInUse('CHAIN_ADAPTER');
      },
      bank,
      get sandboxBanks() {
        return sandboxBanks ?? sandboxNotInUse('BANK_CHANNELS');
      },
      reconciliation,
      warehouse,
      contracts,
      mobilePay,
      get sandboxMobilePay() {
        return sandboxMobilePay ?? sandboxNotInUse('MOBILE_PAY');
      },
      mobileReconciliation,
    },
    start: async () => {
      await scheduler.start();
      publisher.start();
      consumers.start();
    },
    close: () => (closing ??= shutDown()),
  };
}

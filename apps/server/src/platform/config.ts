import { z } from 'zod';

const Env = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    /** Signs sessions' derived tokens, captcha ids and sandbox callbacks. */
    APP_SECRET: z.string().min(32).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    WEB_DIST_DIR: z.string().optional(),
    /** Account-level extended public keys the deposit addresses derive from (BIP84 for BTC, BIP44 for ETH). */
    WALLET_BTC_XPUB: z.string().min(100).max(120).optional(),
    WALLET_ETH_XPUB: z.string().min(100).max(120).optional(),
    /** Withdrawals up to this USDT value are approved without staff review. */
    WALLET_AUTO_APPROVE_USDT: z.string().regex(/^\d+(\.\d+)?$/).default('1000'),
    /** Seconds between blocks of the simulated chain (development). */
    SIM_CHAIN_BLOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /** The demo market maker trades the seeded markets in development unless turned off. */
    MARKET_MAKER: z.enum(['on', 'off']).default('on'),
    /** The platform's Ed25519 key (32-byte seed, hex) that countersigns contract signatures; outside production one is generated into DATA_DIR. */
    CONTRACT_SIGNING_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/).optional(),
    /** The platform clock can be moved forward (sandbox); always on outside production. */
    SANDBOX_CLOCK: z.enum(['on', 'off']).default('off'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'APP_SECRET (32+ characters) is required in production' });
    }
    for (const key of ['WALLET_BTC_XPUB', 'WALLET_ETH_XPUB', 'CONTRACT_SIGNING_KEY'] as const) {
      if (env.NODE_ENV === 'production' && !env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Demo accounts, the dev outbox and sandbox controls exist only here. */
  isDevelopment: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  appSecret: string;
  logLevel: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  trustProxy: boolean;
  webDistDir: string | undefined;
  /** Undefined outside production: the wallet then derives from the public development seed. */
  walletXpubs: { BTC: string | undefined; ETH: string | undefined };
  walletAutoApproveUsdt: string;
  simChainBlockMs: number;
  /** Only ever true in development. */
  marketMaker: boolean;
  /** Undefined outside production: the contract module then keeps a generated key in the data directory. */
  contractSigningKey: string | undefined;
  /** The app's clock is an offset clock that sandbox controls may advance. */
  sandboxClock: boolean;
}

/** Development and tests get a fixed, public secret; production refuses to start without its own. */
const DEV_SECRET = 'development-only-secret-not-for-production-use';

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    isDevelopment: env.NODE_ENV !== 'production',
    host: env.HOST,
    port: env.PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    appSecret: env.APP_SECRET ?? DEV_SECRET,
    logLevel: env.LOG_LEVEL,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    trustProxy: env.TRUST_PROXY === 'true',
    webDistDir: env.WEB_DIST_DIR,
    walletXpubs: { BTC: env.WALLET_BTC_XPUB, ETH: env.WALLET_ETH_XPUB },
    walletAutoApproveUsdt: env.WALLET_AUTO_APPROVE_USDT,
    simChainBlockMs: env.SIM_CHAIN_BLOCK_SECONDS * 1000,
    marketMaker: env.NODE_ENV === 'development' && env.MARKET_MAKER === 'on',
    contractSigningKey: env.CONTRACT_SIGNING_KEY,
    sandboxClock: env.NODE_ENV !== 'production' || env.SANDBOX_CLOCK === 'on',
  };
}

/** A config for tests: in-memory database, no network, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

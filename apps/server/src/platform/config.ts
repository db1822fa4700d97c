import { deflateRawSync } from 'node:zlib';
import { z } from 'zod';

/** Development and tests get a fixed, public secret; production refuses to start with it. */
const DEV_SECRET = 'development-only-secret-not-for-production-use';

/**
 * Published development values production refuses: the development secret, and the account-level
 * xpubs of the BIP-39 test mnemonic ("abandon … about") that `developmentXpub` derives.
 */
export const DEVELOPMENT_XPUBS = {
  BTC: 'xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V',
  ETH: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
} as const;

/**
 * Bits of entropy the secret's own character frequencies suggest (length × Shannon entropy per
 * character). 48 random base64 characters give about 260; a word repeated or a short phrase
 * padded to 32 characters stays far below the bar.
 */
export function estimatedEntropyBits(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const length = [...value].length;
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / length) * Math.log2(n / length);
  return perChar * length;
}
const MIN_SECRET_BITS = 128;
/** A repeated word or sequence compresses to a few bytes whatever its character mix. */
const MIN_SECRET_COMPRESSED_BYTES = 24;

/** How each outside institution is reached. Only sandboxes exist for banks, SMS and chains so far. */
const Sandbox = z.enum(['sandbox']);
const OnOff = z.enum(['on', 'off']);

const Env = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    /** How the other instances reach this one (internal forwarding of spot commands); defaults to http://127.0.0.1:PORT. */
    INSTANCE_URL: z.string().url().optional(),
    /** Signs sessions' derived tokens, captcha ids and sandbox callbacks. */
    APP_SECRET: z.string().optional(),
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
    /** Withdrawals above this USDT value need two different staff members: one approves, another executes. */
    WALLET_DUAL_APPROVAL_USDT: z.string().regex(/^\d+(\.\d+)?$/).default('10000'),
    /** Seconds between blocks of the simulated chain (development). */
    SIM_CHAIN_BLOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /** The demo market maker trades the seeded markets in development unless turned off. */
    MARKET_MAKER: z.enum(['on', 'off']).default('on'),
    /** The platform's Ed25519 key (32-byte seed, hex) that countersigns contract signatures; outside production one is generated into DATA_DIR. */
    CONTRACT_SIGNING_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/).optional(),
    /** An auction bid this many minutes before the end moves the end to this many minutes after the bid. */
    AUCTION_ANTI_SNIPING_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
    /** The platform clock can be moved forward (sandbox); always on outside production. */
    SANDBOX_CLOCK: z.enum(['on', 'off']).default('off'),
    /** Both bank channels (ICBC, Ping An); production must opt in to the sandbox banks explicitly. */
    BANK_CHANNELS: Sandbox.optional(),
    /** The two mobile payment providers (Alipay- and WeChat-Pay-shaped): only their sandboxes exist; production runs them only with MOBILE_PAY=sandbox. */
    MOBILE_PAY: z.enum(['sandbox', 'off']).optional(),
    /** The BTC and ETH chains the wallet watches and sends on. */
    CHAIN_ADAPTER: Sandbox.optional(),
    /** SMS verification codes. */
    SMS_SENDER: Sandbox.optional(),
    /** E-mail verification codes: `smtp` (SMTP_URL or SMTP_HOST…) or `sandbox`. */
    EMAIL_SENDER: z.enum(['smtp', 'sandbox']).optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, 'must look like smtp://user:password@host:587 or smtps://…').optional(),
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    SMTP_USER: z.string().optional(),
    SMTP_PASS: z.string().optional(),
    /** `on`: TLS from the first byte (port 465); `off`: STARTTLS when the server offers it. */
    SMTP_SECURE: OnOff.optional(),
    MAIL_FROM: z.string().min(3).optional(),
    /** The OpenAPI page at /api/docs: on by default outside production, off in production. */
    API_DOCS: OnOff.optional(),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    const refuse = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
    if (env.APP_SECRET !== undefined) {
      const secret = env.APP_SECRET;
      if (secret.trim() === DEV_SECRET) {
        if (production) refuse('APP_SECRET', 'is the published development secret; set a random one (e.g. `openssl rand -base64 48`)');
      } else if ([...secret].length < 32) {
        refuse('APP_SECRET', 'must be at least 32 characters; use a random one (e.g. `openssl rand -base64 48`)');
      } else if (production && (estimatedEntropyBits(secret) < MIN_SECRET_BITS || deflateRawSync(secret).length < MIN_SECRET_COMPRESSED_BYTES)) {
        refuse('APP_SECRET', 'is too easy to guess (repeated or few distinct characters); use a random one (e.g. `openssl rand -base64 48`)');
      }
    } else if (production) {
      refuse('APP_SECRET', 'is required in production (32+ random characters, e.g. `openssl rand -base64 48`)');
    }
    for (const key of ['WALLET_BTC_XPUB', 'WALLET_ETH_XPUB', 'CONTRACT_SIGNING_KEY'] as const) {
      if (production && !env[key]) refuse(key, 'is required in production');
    }
    if (production && env.WALLET_BTC_XPUB === DEVELOPMENT_XPUBS.BTC) refuse('WALLET_BTC_XPUB', 'is derived from the public development mnemonic; anyone can spend deposits to it');
    if (production && env.WALLET_ETH_XPUB === DEVELOPMENT_XPUBS.ETH) refuse('WALLET_ETH_XPUB', 'is derived from the public development mnemonic; anyone can spend deposits to it');
    if (production) {
      const sandboxOnly = { BANK_CHANNELS: 'bank', CHAIN_ADAPTER: 'chain', SMS_SENDER: 'SMS gateway' } as const;
      for (const [key, what] of Object.entries(sandboxOnly)) {
        if (env[key as keyof typeof sandboxOnly] === undefined) refuse(key, `is not set: no real ${what} adapter is built in, and production uses the sandbox only when ${key}=sandbox opts in`);
      }
    }
    const smtpGiven = env.SMTP_URL !== undefined || env.SMTP_HOST !== undefined;
    if (env.EMAIL_SENDER === 'smtp' && !smtpGiven) refuse('SMTP_URL', 'is required when EMAIL_SENDER=smtp (or SMTP_HOST with SMTP_PORT, SMTP_USER, SMTP_PASS)');
    if (production && env.EMAIL_SENDER === undefined && !smtpGiven) refuse('EMAIL_SENDER', 'is not set: configure SMTP_URL for real e-mail, or opt in to the sandbox with EMAIL_SENDER=sandbox');
    if (smtpGiven && env.EMAIL_SENDER !== 'sandbox' && !env.MAIL_FROM) refuse('MAIL_FROM', 'is required with SMTP (the sender address, e.g. "交易平台 <noreply@example.com>")');
  });

/** Every variable the configuration reads; deployment files are checked against it. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(Env.shape);

/** Where SMTP e-mail goes; `url` wins over the separate parts. */
export interface SmtpConfig {
  url: string | undefined;
  host: string | undefined;
  port: number | undefined;
  user: string | undefined;
  pass: string | undefined;
  secure: boolean | undefined;
  from: string;
}

/** The adapter chosen for each outside institution. */
export interface AdapterChoice {
  bank: 'sandbox';
  chain: 'sandbox';
  sms: 'sandbox';
  email: 'smtp' | 'sandbox';
}

/** The configuration is refused: one line per problem, each naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

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
  /** This instance's address for the other instances; a market's owner is reached here. */
  instanceUrl: string;
  appSecret: string;
  logLevel: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  trustProxy: boolean;
  webDistDir: string | undefined;
  /** Undefined outside production: the wallet then derives from the public development seed. */
  walletXpubs: { BTC: string | undefined; ETH: string | undefined };
  walletAutoApproveUsdt: string;
  walletDualApprovalUsdt: string;
  simChainBlockMs: number;
  /** Only ever true in development. */
  marketMaker: boolean;
  /** Undefined outside production: the contract module then keeps a generated key in the data directory. */
  contractSigningKey: string | undefined;
  /** The app's clock is an offset clock that sandbox controls may advance. */
  sandboxClock: boolean;
  auctionAntiSnipingMinutes: number;
  adapters: AdapterChoice;
  /** `off` in production unless opted in: no real provider link is built, and the sandbox credits money nobody paid. */
  mobilePay: 'sandbox' | 'off';
  /** Set when e-mail goes out over SMTP. */
  smtp: SmtpConfig | undefined;
  /** Serves the OpenAPI page at /api/docs. */
  apiDocs: boolean;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `Refusing to start: ${i.path.join('.') || 'environment'} ${i.message}`));
  }
  const env = parsed.data;
  const smtpGiven = env.SMTP_URL !== undefined || env.SMTP_HOST !== undefined;
  const email = env.EMAIL_SENDER ?? (smtpGiven ? 'smtp' : 'sandbox');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    isDevelopment: env.NODE_ENV !== 'production',
    host: env.HOST,
    port: env.PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    instanceUrl: (env.INSTANCE_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, ''),
    appSecret: env.APP_SECRET ?? DEV_SECRET,
    logLevel: env.LOG_LEVEL,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    trustProxy: env.TRUST_PROXY === 'true',
    webDistDir: env.WEB_DIST_DIR,
    walletXpubs: { BTC: env.WALLET_BTC_XPUB, ETH: env.WALLET_ETH_XPUB },
    walletAutoApproveUsdt: env.WALLET_AUTO_APPROVE_USDT,
    walletDualApprovalUsdt: env.WALLET_DUAL_APPROVAL_USDT,
    simChainBlockMs: env.SIM_CHAIN_BLOCK_SECONDS * 1000,
    marketMaker: env.NODE_ENV === 'development' && env.MARKET_MAKER === 'on',
    contractSigningKey: env.CONTRACT_SIGNING_KEY,
    sandboxClock: env.NODE_ENV !== 'production' || env.SANDBOX_CLOCK === 'on',
    auctionAntiSnipingMinutes: env.AUCTION_ANTI_SNIPING_MINUTES,
    // Outside production every institution defaults to its sandbox; production chose explicitly above.
    mobilePay: env.MOBILE_PAY ?? (env.NODE_ENV === 'production' ? 'off' : 'sandbox'),
    adapters: { bank: env.BANK_CHANNELS ?? 'sandbox', chain: env.CHAIN_ADAPTER ?? 'sandbox', sms: env.SMS_SENDER ?? 'sandbox', email },
    smtp:
      email === 'smtp'
        ? {
            url: env.SMTP_URL,
            host: env.SMTP_HOST,
            port: env.SMTP_PORT,
            user: env.SMTP_USER,
            pass: env.SMTP_PASS,
            secure: env.SMTP_SECURE === undefined ? undefined : env.SMTP_SECURE === 'on',
            from: env.MAIL_FROM ?? '',
          }
        : undefined,
    apiDocs: (env.API_DOCS ?? (env.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
  };
}

/** A config for tests: in-memory database, no network, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

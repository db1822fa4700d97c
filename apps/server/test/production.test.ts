import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPath, CapitalPath, IdentityPath, WalletPath } from '@tp/contract';
import { buildApp, type App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { ConfigError, DEVELOPMENT_XPUBS, loadConfig } from '../src/platform/config';
import type { Database } from '../src/platform/db/index';
import { createSimulatedChain, developmentXpub } from '../src/modules/wallet/index';
import type { BankChannel } from '../src/modules/bank/index';
import { openTestDatabase } from './harness';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const xpubOf = (account: string) => HDKey.fromMasterSeed(randomBytes(32)).derive(account).publicExtendedKey;

/** What an operator sets for a production start, with every sandbox opted in explicitly. */
function productionEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(48).toString('base64'),
    WALLET_BTC_XPUB: xpubOf("m/84'/0'/0'"),
    WALLET_ETH_XPUB: xpubOf("m/44'/60'/0'"),
    CONTRACT_SIGNING_KEY: randomBytes(32).toString('hex'),
    BANK_CHANNELS: 'sandbox',
    CHAIN_ADAPTER: 'sandbox',
    SMS_SENDER: 'sandbox',
    EMAIL_SENDER: 'sandbox',
  };
}

function without(env: Record<string, string>, ...keys: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !keys.includes(key)));
}

function refusals(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('production configuration', () => {
  const env = productionEnv('/tmp/unused');

  it('starts with real secrets and every sandbox opted in', () => {
    expect(refusals(env)).toEqual([]);
    const config = loadConfig(env);
    expect(config.adapters).toEqual({ bank: 'sandbox', chain: 'sandbox', sms: 'sandbox', email: 'sandbox' });
    expect(config.apiDocs).toBe(false);
  });

  it('refuses the sandbox banks, chain and SMS unless each is opted in, one line naming each variable', () => {
    expect(refusals(without(env, 'BANK_CHANNELS'))).toEqual([expect.stringMatching(/^Refusing to start: BANK_CHANNELS .*BANK_CHANNELS=sandbox/)]);
    expect(refusals(without(env, 'CHAIN_ADAPTER'))).toEqual([expect.stringMatching(/^Refusing to start: CHAIN_ADAPTER .*CHAIN_ADAPTER=sandbox/)]);
    expect(refusals(without(env, 'SMS_SENDER'))).toEqual([expect.stringMatching(/^Refusing to start: SMS_SENDER .*SMS_SENDER=sandbox/)]);
    expect(refusals(without(env, 'EMAIL_SENDER'))).toEqual([expect.stringMatching(/^Refusing to start: EMAIL_SENDER .*SMTP_URL/)]);
  });

  it('sends e-mail over SMTP when SMTP_URL is given, and wants a sender address with it', () => {
    const smtp = { ...without(env, 'EMAIL_SENDER'), SMTP_URL: 'smtp://mailer:pw@mail.example.com:587' };
    expect(refusals(smtp)).toEqual([expect.stringMatching(/^Refusing to start: MAIL_FROM /)]);
    const config = loadConfig({ ...smtp, MAIL_FROM: 'Platform <noreply@example.com>' });
    expect(config.adapters.email).toBe('smtp');
    expect(config.smtp).toMatchObject({ url: 'smtp://mailer:pw@mail.example.com:587', from: 'Platform <noreply@example.com>' });
    expect(refusals({ ...env, EMAIL_SENDER: 'smtp' })).toEqual([expect.stringMatching(/^Refusing to start: SMTP_URL .*EMAIL_SENDER=smtp/)]);
  });

  it('refuses the published development secret by name', () => {
    expect(refusals({ ...env, APP_SECRET: 'development-only-secret-not-for-production-use' })).toEqual([
      expect.stringMatching(/^Refusing to start: APP_SECRET is the published development secret/),
    ]);
  });

  it('refuses short and guessable secrets by name', () => {
    expect(refusals({ ...env, APP_SECRET: 'short-secret' })).toEqual([expect.stringMatching(/^Refusing to start: APP_SECRET must be at least 32 characters/)]);
    for (const weak of ['a'.repeat(64), 'password'.repeat(6), '0123456789'.repeat(4)]) {
      expect(refusals({ ...env, APP_SECRET: weak })).toEqual([expect.stringMatching(/^Refusing to start: APP_SECRET is too easy to guess/)]);
    }
  });

  it('refuses wallet keys derived from the public development mnemonic, naming each', () => {
    // The refusal list must be exactly what the wallet derives from the development mnemonic.
    expect(DEVELOPMENT_XPUBS).toEqual({ BTC: developmentXpub('BTC'), ETH: developmentXpub('ETH') });
    expect(refusals({ ...env, WALLET_BTC_XPUB: developmentXpub('BTC'), WALLET_ETH_XPUB: developmentXpub('ETH') })).toEqual([
      expect.stringMatching(/^Refusing to start: WALLET_BTC_XPUB is derived from the public development mnemonic/),
      expect.stringMatching(/^Refusing to start: WALLET_ETH_XPUB is derived from the public development mnemonic/),
    ]);
  });

  it('keeps the development defaults outside production', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.adapters).toEqual({ bank: 'sandbox', chain: 'sandbox', sms: 'sandbox', email: 'sandbox' });
    expect(config.apiDocs).toBe(true);
    expect(loadConfig({ ...env, API_DOCS: 'on' }).apiDocs).toBe(true);
  });
});

describe('a production app', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  const apps: App[] = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    dataDir = await mkdtemp(path.join(tmpdir(), 'tp-prod-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function build(extra: Partial<Parameters<typeof buildApp>[0]> = {}): Promise<App> {
    const config = loadConfig(productionEnv(dataDir));
    const app = await buildApp({ config, database, clock: new ManualClock(new Date()), ...extra });
    apps.push(app);
    await app.http.ready();
    return app;
  }

  const recurringJobs = async () =>
    ((await database.db.execute('select distinct name from jobs order by name')) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);

  it('has no dev outbox, no sandbox controls and no API page', async () => {
    const app = await build();
    const status = async (method: 'GET' | 'POST', url: string) => (await app.http.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode;
    expect(await status('GET', `${IdentityPath.devOutbox}?account=13800000001`)).toBe(404);
    expect(await status('POST', AdminPath.devOutbox)).toBe(404);
    expect(await status('POST', CapitalPath.adminSandbox)).toBe(404);
    expect(await status('POST', CapitalPath.adminSandboxControl)).toBe(404);
    expect(await status('POST', WalletPath.adminChain)).toBe(404);
    expect(await status('GET', '/api/docs')).toBe(404);
    expect(await status('GET', '/api/health')).toBe(200);
  });

  it('runs the sandbox jobs where the operator opted in to the sandboxes', async () => {
    const app = await build();
    await app.start();
    const names = await recurringJobs();
    expect(names).toEqual(expect.arrayContaining(['bank.sandbox.tick', 'wallet.simulatedChain.mine', 'bank.reconcile', 'wallet.watch']));
    await app.close();
  });

  it('takes real adapters from its caller and runs no sandbox job for them', async () => {
    await database.db.execute('delete from jobs');
    const channel = (bankId: 'icbc' | 'pab'): BankChannel => ({
      bankId,
      submit: async () => undefined,
      openDocument: async () => ({ subAccount: `${bankId}-sub` }),
      statement: async () => [],
    });
    const chain = createSimulatedChain({ db: database.db, clock: new ManualClock(new Date()) });
    const app = await build({ bankChannels: { icbc: channel('icbc'), pab: channel('pab') }, chain });
    await app.start();
    const names = await recurringJobs();
    expect(names).toEqual(expect.arrayContaining(['bank.reconcile', 'wallet.watch']));
    expect(names).not.toContain('bank.sandbox.tick');
    expect(names).not.toContain('wallet.simulatedChain.mine');
    expect(() => app.services.sandboxBanks).toThrow(/BANK_CHANNELS/);
    expect(() => app.services.simulatedChain).toThrow(/CHAIN_ADAPTER/);
    await app.close();
  });
});

describe('the server entry in production mode', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tp-prod-main-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  function startServer(env: Record<string, string>) {
    const child = spawn(path.join(serverDir, '../../node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited, output: () => ({ stdout, stderr }) };
  }

  it('refuses to start without the bank opt-in, in one line naming BANK_CHANNELS', async () => {
    const server = startServer(without(productionEnv(dataDir), 'BANK_CHANNELS'));
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(/^Refusing to start: BANK_CHANNELS .*BANK_CHANNELS=sandbox/)]);
  }, 60_000);

  it('refuses to start with the development secret, in one line naming APP_SECRET', async () => {
    const server = startServer({ ...productionEnv(dataDir), APP_SECRET: 'development-only-secret-not-for-production-use' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Refusing to start: APP_SECRET is the published development secret/)]);
  }, 60_000);

  it('starts with the opt-ins and real secrets, without demo accounts or the dev outbox', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const server = startServer({ ...productionEnv(dataDir), HOST: '127.0.0.1', PORT: String(port), WEB_DIST_DIR: dataDir });
    try {
      const deadline = Date.now() + 240_000;
      while (!server.output().stdout.includes('Back office') && Date.now() < deadline) {
        if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output().stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const base = `http://127.0.0.1:${port}`;
      expect(server.output().stdout).not.toContain('Demo logins');
      expect(server.output().stdout).toContain('Sandboxes in use (opted in): bank, chain, sms, email');
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect((await fetch(`${base}${IdentityPath.devOutbox}?account=13800000001`)).status).toBe(404);
      const login = await fetch(`${base}${IdentityPath.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ loginAccount: '13800000001', password: 'Demo@123456' }),
      });
      expect(((await login.json()) as { code: string }).code).not.toBe('0');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 300_000);
});

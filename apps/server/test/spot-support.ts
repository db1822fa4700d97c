import { createHmac } from 'node:crypto';
import { ApiKeyPath, ExchangeAssetPath, RISK_DISCLOSURE_VERSION, SpotPath, VerificationPath, type AssetOverview, type CreateApiKeyRequest, type CreatedApiKey, type SessionInfo } from '@tp/contract';
import { seedDemoHoldings } from '../src/modules/asset/index';
import { createLedgerService } from '../src/modules/ledger/index';
import { buildApp } from '../src/app';
import type { TestContext } from './harness';
import { client, idWithCheck, registerByPhone, type Client } from './identity-support';

let ids = 0;

async function expectOk(pending: Promise<{ code: string; message: string }>, what: string): Promise<void> {
  const res = await pending;
  if (res.code !== '0') throw new Error(`${what} failed: ${res.message}`);
}

/** A verified user who accepted the risk disclosure, holding 10000 USDT, 0.5 BTC, 3 ETH and 20000 TPT in spot. */
export async function trader(ctx: TestContext): Promise<{ c: Client; userId: string; session: SessionInfo }> {
  const c = client(ctx);
  const session = await registerByPhone(ctx, c);
  c.useSession(session);
  await expectOk(c.post(VerificationPath.basic, { name: '测试', idNumber: idWithCheck(`31010119900101${String(100 + ++ids).slice(-3)}`) }), 'real-name verification');
  await seedDemoHoldings(ctx.database.db, createLedgerService({ clock: ctx.clock }), session.userId);
  await expectOk(c.post(SpotPath.acceptRiskDisclosure, { version: RISK_DISCLOSURE_VERSION }), 'risk disclosure');
  return { c, userId: session.userId, session };
}

/** One asset of the user's spot account, as the asset overview shows it. */
export async function spotBalance(c: Client, asset: string) {
  const overview = await c.post<AssetOverview>(ExchangeAssetPath.overview);
  return overview.value.accounts.find((a) => a.accountType === 'spot')?.balances.find((b) => b.asset === asset);
}

export async function createApiKey(c: Client, request: Partial<CreateApiKeyRequest> = {}): Promise<CreatedApiKey> {
  const res = await c.post<CreatedApiKey>(ApiKeyPath.create, { label: 'bot', scopes: ['read', 'trade'], ...request });
  if (res.code !== '0') throw new Error(`api key creation failed: ${res.message}`);
  return res.value;
}

/** Binance's signature: hex HMAC-SHA256 of the query string (and body) with the secret. */
export const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('hex');

/**
 * Stops the server (on PostgreSQL it lets its markets' leases go) and starts it again on the same
 * database and clock: the context returned serves the rest of the file and closes both.
 */
export async function restarted(ctx: TestContext): Promise<TestContext> {
  await ctx.app.close();
  const app = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock });
  const { close } = ctx;
  return {
    ...ctx,
    app,
    close: async () => {
      await app.close();
      await close();
    },
  };
}

/**
 * `npm run chain:deposit -- <address> <asset> <amount>`: sends a deposit on the simulated chain,
 * as an outside wallet would. With a server running on the configured port it goes through that
 * server's chain console API (logging in as staff; the demo admin unless CHAIN_STAFF_ACCOUNT and
 * CHAIN_STAFF_PASSWORD say otherwise), so the watcher credits it at once; with no server running
 * it is written to the database and waits for the next start. Never in production.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decimal } from '@tp/decimal';
import { systemClock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/index';
import { createSimulatedChain, isValidAddress, type Chain } from '../modules/wallet/index';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function viaServer(port: number, payment: { chain: Chain; address: string; asset: string; amount: string }): Promise<string | undefined> {
  const base = `http://127.0.0.1:${port}`;
  try {
    await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
  } catch {
    return undefined;
  }
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: process.env.CHAIN_STAFF_ACCOUNT ?? 'admin', password: process.env.CHAIN_STAFF_PASSWORD ?? 'Demo@123456' }),
  });
  const staff = (await login.json()) as { code: string; message: string; value: { sessionStr: string; staffId: string } };
  if (staff.code !== '0') throw new Error(`staff login failed: ${staff.message}`);
  const sent = await fetch(`${base}/api/admin/chain/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', sessionstr: staff.value.sessionStr, userid: staff.value.staffId },
    body: JSON.stringify(payment),
  });
  const body = (await sent.json()) as { code: string; message: string; value: { txid: string } };
  if (body.code !== '0') throw new Error(body.message);
  return body.value.txid;
}

async function main(): Promise<number> {
  const [address = '', asset = '', amount = ''] = process.argv.slice(2);
  const config = loadConfig();
  if (config.isProduction) {
    process.stderr.write('The simulated chain does not exist in production.\n');
    return 2;
  }
  const chain: Chain = asset === 'BTC' ? 'BTC' : 'ETH';
  if (!asset || !isValidAddress(chain, address) || !/^\d+(\.\d+)?$/.test(amount) || !Decimal.parse(amount).isPositive()) {
    process.stderr.write('usage: npm run chain:deposit -- <address> <BTC|ETH|USDT|TPT> <amount>\n');
    return 2;
  }
  const payment = { chain, address, asset, amount };
  const txid = await viaServer(config.port, payment);
  if (txid) {
    process.stdout.write(`sent ${amount} ${asset} to ${address} through the running server: ${txid}\n`);
    return 0;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.resolve(repoRoot, config.dataDir) });
  try {
    await database.migrate();
    const offline = await createSimulatedChain({ db: database.db, clock: systemClock }).send(chain, payment);
    process.stdout.write(`recorded ${amount} ${asset} to ${address}: ${offline} (confirms once the server runs)\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

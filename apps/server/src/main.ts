import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { configureAuditKey } from './platform/audit/index';
import { openDatabase } from './platform/db/index';
import { seedDemoData, DEMO_LOGINS } from './demo/seed';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything (the demo seed included) appends to the audit chain.
  configureAuditKey(config.appSecret);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  await database.migrate();
  if (config.isDevelopment) await seedDemoData(database, config);

  const app = await buildApp({ config: { ...config, webDistDir: config.webDistDir ?? path.join(repoRoot, 'apps') }, database });
  await app.http.listen({ host: config.host, port: config.port });
  await app.start();

  const base = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  大宗商品交易平台 (commodity platform)  ${base}/`,
    `  Digital-asset exchange                 ${base}/exchange/`,
    `  Back office                            ${base}/admin/`,
    ...(config.apiDocs ? [`  API documentation                      ${base}/api/docs`] : []),
    `  Database: ${database.dialect === 'pglite' ? `embedded PGlite in ${path.resolve(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  const sandboxes = Object.entries(config.adapters).filter(([, adapter]) => adapter === 'sandbox');
  if (config.isProduction && sandboxes.length > 0) lines.push(`  Sandboxes in use (opted in): ${sandboxes.map(([institution]) => institution).join(', ')}`);
  if (config.isDevelopment) {
    lines.push('', '  Demo logins (development mode only), password Demo@123456:');
    for (const demo of DEMO_LOGINS) lines.push(`    ${demo.account.padEnd(14)} ${demo.role}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.http.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.http.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

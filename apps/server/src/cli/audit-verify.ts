/**
 * `npm run audit:verify`: proves the audit log of the database the server uses: every row's keyed
 * hash and link, and every signed checkpoint in DATA_DIR. Exits 1 when anything was changed,
 * removed or cut off (2 when it cannot safely look), so it can gate a deploy or run from cron.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/index';
import { configureAuditKey, verifyAudit } from '../platform/audit/index';

/** Relative DATA_DIR is read from the repository root, as `npm start` does. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Two processes must not open the embedded database at once. */
async function embeddedServerRunning(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    const body = (await res.json()) as { value?: { database?: string } };
    return body.value?.database === 'pglite';
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  configureAuditKey(config.appSecret);
  const dataDir = path.resolve(repoRoot, config.dataDir);
  if (!config.databaseUrl && (await embeddedServerRunning(config.port))) {
    process.stderr.write(
      `A server on port ${config.port} is using the embedded database; two processes must not open it at once.\n` +
        'Stop the server first, or verify from the back office (审计日志 → 校验审计链).\n',
    );
    return 2;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : dataDir });
  try {
    await database.migrate();
    const report = await verifyAudit(database.db, dataDir);
    const where = database.dialect === 'pglite' ? `PGlite in ${dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const lines = [`Audit chain verification (${where}) at ${report.checkedAt}`, `  rows ${report.checked}, checkpoints ${report.checkpoints}`];
    if (report.brokenId) lines.push(`  BROKEN: row ${report.brokenId} was changed, removed or inserted (its keyed hash or link does not hold).`);
    if (report.checkpointProblem) lines.push(`  BROKEN: ${report.checkpointProblem}.`);
    if (report.ok) lines.push('  OK: every row’s keyed hash and link hold, and every signed checkpoint matches its row.');
    process.stdout.write(`${lines.join('\n')}\n`);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`audit:verify failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);

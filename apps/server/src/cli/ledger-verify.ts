/**
 * `npm run ledger:verify`: proves the books of the database the server uses. Exits 1 on any
 * mismatch (2 when it cannot safely look), so it can gate a deploy or run from cron.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/index';
import { verifyLedger } from '../modules/ledger/index';

/**
 * `npm start` runs the server from the repository root, while `npm run ledger:verify` runs in
 * apps/server; a relative DATA_DIR is therefore read from the root, so both open the same files.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Embedded PGlite files must not be opened by two processes at once (there is no lock between
 * them), so a server answering on the configured port with PGlite means: verify from the back
 * office instead (POST /api/admin/ledger/verify), or stop the server first.
 */
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
  const dataDir = path.resolve(repoRoot, config.dataDir);
  if (!config.databaseUrl && (await embeddedServerRunning(config.port))) {
    process.stderr.write(
      `A server on port ${config.port} is using the embedded database; two processes must not open it at once.\n` +
        'Stop the server first, or verify from the back office (POST /api/admin/ledger/verify).\n',
    );
    return 2;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : dataDir });
  try {
    await database.migrate();
    const report = await verifyLedger(database.db);
    const where = database.dialect === 'pglite' ? `PGlite in ${dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const lines = [
      `Ledger verification (${where}) at ${report.checkedAt}`,
      `  accounts ${report.accounts}, journals ${report.journals}, postings ${report.postings}`,
    ];
    if (report.ok) {
      lines.push('  OK: every balance equals its postings, every journal sums to zero per currency, no account is wrongly negative.');
    } else {
      lines.push(`  ${report.mismatches.length} mismatch(es):`);
      for (const m of report.mismatches) {
        const at = [
          m.accountId && `account ${m.accountId}`,
          m.journalId && `journal ${m.journalId}`,
          m.postingId && `posting ${m.postingId}`,
          m.currency,
        ].filter(Boolean);
        const values = m.expected !== null || m.actual !== null ? ` expected ${m.expected ?? '-'} actual ${m.actual ?? '-'}` : '';
        lines.push(`    ${m.kind}: ${at.join(', ')}${values}`);
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`ledger:verify failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);

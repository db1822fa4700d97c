/**
 * What the `*:verify` commands share: open the database the server uses, run one check, print its
 * report, and exit 0 when sound, 1 when not, 2 when it cannot safely look.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../platform/config';
import { openDatabase, type Database } from '../platform/db/index';

/**
 * `npm start` runs the server from the repository root, while `npm run <x>:verify` runs in
 * apps/server; a relative DATA_DIR is therefore read from the root, so both open the same files.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Embedded PGlite files must not be opened by two processes at once (there is no lock between
 * them), so a server answering on the configured port with PGlite means: verify from the back
 * office instead, or stop the server first.
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

export interface VerifyCommand {
  /** The npm script name, e.g. `ledger:verify`. */
  name: string;
  /** What the report is headed, e.g. `Ledger verification`. */
  title: string;
  /** Where in the back office the same check can be run while the server holds the files. */
  backOffice: string;
  /** Runs the check on the migrated database; `lines` follow the heading. */
  check(input: { database: Database; dataDir: string; config: Config }): Promise<{ ok: boolean; checkedAt: string; lines: string[] }>;
}

async function run(command: VerifyCommand): Promise<number> {
  const config = loadConfig();
  const dataDir = path.resolve(repoRoot, config.dataDir);
  if (!config.databaseUrl && (await embeddedServerRunning(config.port))) {
    process.stderr.write(
      `A server on port ${config.port} is using the embedded database; two processes must not open it at once.\n` +
        `Stop the server first, or verify from the back office (${command.backOffice}).\n`,
    );
    return 2;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : dataDir });
  try {
    await database.migrate();
    const report = await command.check({ database, dataDir, config });
    const where = database.dialect === 'pglite' ? `PGlite in ${dataDir}` : 'PostgreSQL (DATABASE_URL)';
    process.stdout.write(`${[`${command.title} (${where}) at ${report.checkedAt}`, ...report.lines].join('\n')}\n`);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

/** Runs the command and ends the process with its exit code. */
export function runVerifyCommand(command: VerifyCommand): void {
  run(command).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${command.name} failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}

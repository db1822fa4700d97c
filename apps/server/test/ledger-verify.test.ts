import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/platform/clock';
import { openDatabase } from '../src/platform/db/index';
import { createLedgerService, LedgerKind } from '../src/modules/ledger/index';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ledger-verify-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run ledger:verify`'s command against the PGlite files in dataDir (asynchronously, so this process can still answer HTTP). */
function verifyCommand(port = '0'): Promise<{ status: number | null; stdout: string; stderr: string }> {
  // Port 0 by default: no server can be answering there, so the running-server guard stays quiet.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: port };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/ledger-verify.ts'], { cwd: serverDir, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function withFiles<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

describe('ledger:verify command', () => {
  it('passes on sound books and exits 1 naming the account when a balance is tampered with', async () => {
    const ledger = createLedgerService({ clock: systemClock });
    const accountId = await withFiles(async (database) => {
      const journal = await ledger.transfer(database.db, {
        idempotencyKey: 'verify-cli-1',
        type: 'bank.deposit',
        from: { ownerType: 'platform', ownerId: 'platform', currency: 'CNY', kind: LedgerKind.bankClearingIcbc },
        to: { ownerType: 'firm', ownerId: 'f-cli', currency: 'CNY', kind: LedgerKind.available },
        amount: '12.34',
      });
      return journal.postings[1]?.accountId;
    });

    const sound = await verifyCommand();
    expect(sound.stdout).toContain('accounts 2, journals 1, postings 2');
    expect(sound.stdout).toContain('OK');
    expect(sound.status).toBe(0);

    await withFiles((database) => database.db.execute(sql`update ledger_accounts set balance = 99 where id = ${accountId}`));
    const broken = await verifyCommand();
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain(`account_balance: account ${accountId}, CNY expected 12.34 actual 99`);
  }, 60_000);

  it('refuses to open the embedded files while a server on the configured port is using them', async () => {
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: '0', message: 'success', value: { status: 'up', database: 'pglite', time: new Date().toISOString() } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const refused = await verifyCommand(String((server.address() as AddressInfo).port));
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('is using the embedded database');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 30_000);
});

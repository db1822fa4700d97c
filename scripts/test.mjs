#!/usr/bin/env node
// `npm test`: lint (zero warnings), typecheck, unit and integration tests, then end-to-end tests in
// Chromium. Without a Chromium the end-to-end step is skipped and says why, unless E2E_REQUIRED=1.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

function step(name, cmd, args, env = {}) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stderr.write(`\n${name} failed after ${seconds}s.\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`${name} passed in ${seconds}s.\n`);
}

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  step('install', 'npm', ['ci', '--no-audit', '--no-fund'], { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
}
step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
step('unit and integration tests', 'npx', ['vitest', 'run']);

const chromium = process.env.CHROMIUM_PATH ?? CHROMIUM.find((p) => existsSync(p));
if (!chromium) {
  const why = `no Chromium found at ${CHROMIUM.join(' or ')} (install it with: apt-get install chromium fonts-noto-cjk)`;
  if (process.env.E2E_REQUIRED === '1') {
    process.stderr.write(`\nEnd-to-end tests are required but cannot run: ${why}.\n`);
    process.exit(1);
  }
  process.stdout.write(`\n=== end-to-end tests SKIPPED: ${why}. ===\n`);
  process.exit(0);
}
/**
 * With POSTGRES_SUITE_URL set (CI does), the server suite runs a second time on that PostgreSQL,
 * with Redis for the several-instance tests, while the browser tests run: they mostly wait on the
 * browser and the server's timers, so the two share the machine well. One worker, so the browser
 * tests keep a core. Its output is printed once it ends.
 */
function startPostgresSuite() {
  const url = process.env.POSTGRES_SUITE_URL;
  if (!url) return undefined;
  process.stdout.write(`\n=== server suite on PostgreSQL (alongside the end-to-end tests) ===\n`);
  const logPath = path.join(os.tmpdir(), `tp-postgres-suite-${process.pid}.log`);
  const log = createWriteStream(logPath);
  const started = Date.now();
  const child = spawn('npx', ['vitest', 'run', 'apps/server', '--maxWorkers=1'], { cwd: root, env: { ...process.env, TEST_DATABASE_URL: url, FORCE_COLOR: '0' } });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      log.end(() => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`\n=== server suite on PostgreSQL: output ===\n${readFileSync(logPath, 'utf8')}\n`);
        process.stdout.write(`server suite on PostgreSQL ${code === 0 ? 'passed' : 'failed'} after ${seconds}s.\n`);
        resolve(code === 0);
      });
    });
  });
}

const postgresSuite = startPostgresSuite();
process.stdout.write('\n=== end-to-end tests ===\n');
const e2eStarted = Date.now();
const e2e = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
const e2ePassed = e2e.status === 0;
process.stdout.write(`end-to-end tests ${e2ePassed ? 'passed' : 'failed'} after ${((Date.now() - e2eStarted) / 1000).toFixed(1)}s.\n`);
const postgresPassed = postgresSuite ? await postgresSuite : true;
if (!e2ePassed || !postgresPassed) process.exit(1);

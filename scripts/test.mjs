#!/usr/bin/env node
// `npm test`: lint (zero warnings), typecheck, unit and integration tests, then end-to-end tests in
// Chromium. Without a Chromium the end-to-end step is skipped and says why, unless E2E_REQUIRED=1.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
step('end-to-end tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { CHROMIUM_PATH: chromium });

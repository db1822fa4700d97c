#!/usr/bin/env node
// `npm run bench`: every benchmark, each in its own process. A benchmark's own dependencies
// (peers it is measured against) live in bench/ with their own lock file, so the product's
// install never carries them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHMARKS = ['bench:matching', 'bench:api', 'bench:auction'];

for (const name of BENCHMARKS) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync('npm', ['run', '--silent', name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`${name} failed.\n`);
    process.exit(result.status ?? 1);
  }
}

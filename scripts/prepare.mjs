// What `npm start` and `npm run cluster` do before any server starts: install what is missing and
// build the web apps whose sources changed since their last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_APPS = ['commodity-web', 'exchange-web', 'admin-web'];
const SHARED_SOURCES = ['packages/web-kit', 'packages/contract', 'packages/decimal'];

/** Runs a command in the repository with inherited output; exits with its status when it fails. */
export function run(cmd, args, extraEnv = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    process.stderr.write(`\n${cmd} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).\n`);
    process.exit(result.status ?? 1);
  }
}

/** Newest modification time below `dir`, skipping build output and dependencies. */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  const st = statSync(dir);
  if (!st.isDirectory()) return st.mtimeMs;
  let latest = st.mtimeMs;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(dir, entry)));
  }
  return latest;
}

function installIfNeeded() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  process.stdout.write('Installing dependencies...\n');
  // The desktop client's Electron binary cannot be fetched from the registry; its code needs only the types.
  run('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund'], { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
}

function buildStaleWebApps() {
  const shared = Math.max(newest(path.join(root, 'vite.shared.ts')), ...SHARED_SOURCES.map((p) => newest(path.join(root, p, 'src'))));
  for (const app of WEB_APPS) {
    const dir = path.join(root, 'apps', app);
    if (!existsSync(path.join(dir, 'package.json'))) continue;
    const built = path.join(dir, 'dist', 'index.html');
    const source = Math.max(shared, newest(path.join(dir, 'src')), newest(path.join(dir, 'index.html')), newest(path.join(dir, 'vite.config.ts')), newest(path.join(dir, 'public')));
    if (existsSync(built) && statSync(built).mtimeMs >= source) continue;
    process.stdout.write(`Building ${app}...\n`);
    // Always a production bundle: Vite honours an inherited NODE_ENV=development (the server's mode
    // in demos and end-to-end runs) and would ship React's slower development build.
    run('npm', ['run', 'build', '-w', `@tp/${app}`], { NODE_ENV: 'production' });
  }
}

/** Installs missing dependencies, then builds the web apps that are stale. */
export function prepare() {
  installIfNeeded();
  buildStaleWebApps();
}

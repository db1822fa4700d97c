#!/usr/bin/env node
// `npm run cluster`: two server instances on one PostgreSQL and one Redis behind nginx, on this
// machine. nginx (installed from Debian's package when missing) takes the public port and proxies
// HTTP and WebSocket upgrades to the instances on the two ports after it. Ctrl-C or SIGTERM stops
// all three.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConnection, createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { prepare, root, run } from './prepare.mjs';

// The server's own PostgreSQL client: this script creates the cluster's database when it is missing.
const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');

const PUBLIC_PORT = Number(process.env.CLUSTER_PORT ?? 8080);
const INSTANCE_PORTS = [PUBLIC_PORT + 1, PUBLIC_PORT + 2];
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tp_cluster';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Both instances share one data directory: uploads, the contract signing key and the audit
// checkpoints must be the same whichever instance serves a request. Apart from `npm start`'s,
// whose embedded database belongs to another set of data.
const DATA_DIR = path.resolve(root, process.env.DATA_DIR ?? 'data/cluster');
const NGINX_DIR = path.join(DATA_DIR, 'nginx');
const START_TIMEOUT_MS = 180_000;

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function findNginx() {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return undefined;
}

function ensureNginx() {
  const found = findNginx();
  if (found) return found;
  process.stdout.write("nginx is missing: installing Debian's package (apt-get install -y nginx)...\n");
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const [cmd, ...args] = [...asRoot, 'apt-get', 'install', '-y', 'nginx'];
  run(cmd, args, { DEBIAN_FRONTEND: 'noninteractive' });
  return findNginx() ?? fail('nginx is still missing after apt-get install -y nginx.');
}

function portFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

async function ensureDatabase() {
  const target = new URL(DATABASE_URL);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    fail(`PostgreSQL at ${target.host} cannot be reached (${error instanceof Error ? error.message : String(error)}); set DATABASE_URL.`);
  }
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      process.stdout.write(`Creating database ${name}...\n`);
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
      // Audit checkpoints and uploads in DATA_DIR belong to the database they were written for.
      if (existsSync(DATA_DIR)) {
        const aside = `${DATA_DIR}.before-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(DATA_DIR, aside);
        process.stdout.write(`Moved the previous database's data directory aside to ${aside}\n`);
      }
    }
  } finally {
    await client.end();
  }
}

function ensureRedis() {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(3000, () => socket.destroy(new Error('timed out')));
    socket.once('connect', () => socket.end('PING\r\n'));
    // Any reply (even "authentication required") shows a Redis is listening; the servers report the rest.
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', (error) => fail(`Redis at ${url.host} cannot be reached (${error.message}); set REDIS_URL.`));
  });
}

/** Fills `${NAME}` in deploy/nginx.conf, the template the production compose example uses too. */
function renderSite(values) {
  const template = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  return template.replace(/\$\{(\w+)\}/g, (whole, name) => values[name] ?? fail(`deploy/nginx.conf: no value for ${whole}`));
}

function writeNginxConfig() {
  const temp = path.join(NGINX_DIR, 'temp');
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(temp, dir), { recursive: true });
  writeFileSync(
    path.join(NGINX_DIR, 'site.conf'),
    renderSite({ TP_PROXY_LISTEN: String(PUBLIC_PORT), TP_SERVER_1: `127.0.0.1:${INSTANCE_PORTS[0]}`, TP_SERVER_2: `127.0.0.1:${INSTANCE_PORTS[1]}` }),
  );
  // Everything nginx writes stays under DATA_DIR, not in /etc/nginx or /var/log/nginx; started by
  // root, its workers keep root's user rather than an account that cannot enter this directory.
  const lines = [
    ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
    'worker_processes 1;',
    `pid ${path.join(NGINX_DIR, 'nginx.pid')};`,
    `error_log ${path.join(NGINX_DIR, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `    access_log ${path.join(NGINX_DIR, 'access.log')};`,
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((dir) => `    ${dir === 'body' ? 'client_body' : dir}_temp_path ${path.join(temp, dir)};`),
    `    include ${path.join(NGINX_DIR, 'site.conf')};`,
    '}',
  ];
  const file = path.join(NGINX_DIR, 'nginx.conf');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const children = [];
let stopping = false;
/** Once everything answered: from then on the cluster outlives one of its instances. */
let running = false;

/** Output of each process, line by line, behind its name. */
function relay(stream, name, target) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) target.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => rest && target.write(`[${name}] ${rest}\n`));
}

function launch(name, cmd, args, env, stopSignal, isInstance) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  relay(child.stdout, name, process.stdout);
  relay(child.stderr, name, process.stderr);
  const entry = { name, child, stopSignal, isInstance, exited: new Promise((resolve) => child.once('exit', resolve)) };
  children.push(entry);
  child.once('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ?? `exit ${code}`;
    // Losing one instance is what a cluster is for: nginx sends everything to the other, which takes
    // over the markets once their leases lapse. Losing nginx or the last instance ends the cluster.
    const alive = children.filter((other) => other.isInstance && other.child.exitCode === null && other.child.signalCode === null);
    if (running && isInstance && alive.length > 0) {
      process.stderr.write(`${name} stopped (${how}); ${alive.map((other) => other.name).join(', ')} serves on.\n`);
      return;
    }
    process.stderr.write(`${name} stopped unexpectedly (${how}); stopping the cluster.\n`);
    void stopAll(1);
  });
  return entry;
}

async function waitHealthy(port, entry) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && entry.child.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  if (!stopping) {
    process.stderr.write(`${entry.name} did not answer /api/health on port ${port}.\n`);
    await stopAll(1);
  }
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  // The proxy first, so no request reaches an instance that is closing; nginx's QUIT lets open requests finish.
  for (const entry of [...children].reverse()) if (entry.child.exitCode === null) entry.child.kill(entry.stopSignal);
  await Promise.all(children.map((entry) => entry.exited));
  process.exit(code);
}

// Ctrl-C reaches the whole process group; stopping here as well also covers SIGTERM to this process alone.
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

const nginx = ensureNginx();
for (const port of [PUBLIC_PORT, ...INSTANCE_PORTS]) {
  if (!(await portFree(port))) fail(`Port ${port} is in use; stop what uses it or choose another CLUSTER_PORT (the instances take the next two ports).`);
}
await ensureDatabase();
await ensureRedis();
prepare();
mkdirSync(NGINX_DIR, { recursive: true });
const nginxConf = writeNginxConfig();

const serverEnv = (port) => ({
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  HOST: '127.0.0.1',
  PORT: String(port),
  INSTANCE_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL,
  REDIS_URL,
  DATA_DIR,
  TRUST_PROXY: 'true',
});
// One at a time: the first migrates the database and seeds the demo data; the second finds both
// done (the seed creates only what is missing) instead of racing the first through them.
for (const [i, port] of INSTANCE_PORTS.entries()) {
  const entry = launch(`server ${i + 1}`, process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], serverEnv(port), 'SIGTERM', true);
  await waitHealthy(port, entry);
}
const proxy = launch('nginx', nginx, ['-p', NGINX_DIR, '-c', nginxConf, '-e', path.join(NGINX_DIR, 'error.log'), '-g', 'daemon off;'], {}, 'SIGQUIT', false);
await waitHealthy(PUBLIC_PORT, proxy);

if (!stopping) {
  running = true;
  const base = `http://localhost:${PUBLIC_PORT}`;
  process.stdout.write(
    [
      '',
      `  Cluster: nginx on ${base} in front of two server instances (127.0.0.1:${INSTANCE_PORTS.join(', 127.0.0.1:')})`,
      `  大宗商品交易平台 (commodity platform)  ${base}/`,
      `  Digital-asset exchange                 ${base}/exchange/`,
      `  Back office                            ${base}/admin/`,
      `  WebSocket hub                          ws://localhost:${PUBLIC_PORT}/ws`,
      `  PostgreSQL ${new URL(DATABASE_URL).host}${new URL(DATABASE_URL).pathname}, Redis ${new URL(REDIS_URL).host}, data in ${DATA_DIR}`,
      `  nginx logs in ${NGINX_DIR}; Ctrl-C stops all three.`,
      '',
    ].join('\n') + '\n',
  );
}

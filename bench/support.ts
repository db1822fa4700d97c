/**
 * What the HTTP benchmarks share: a free port, a server process of the platform started and
 * stopped like a deployment's, keep-alive JSON calls to it, and percentiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createConnection, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The platform's JSON envelope. */
export interface Reply<V = Record<string, unknown>> {
  code: string;
  message: string;
  value: V;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Keep-alive JSON POSTs to local servers, at most `connections` sockets open at once. */
export function createPoster(connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  function post<V = Record<string, unknown>>(port: number, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply<V>> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString()) as Reply<V>);
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  /** Closes the kept-alive connections, so the process can end. */
  const close = () => agent.destroy();
  return { post, close };
}

export interface ServerOptions {
  /** Extra node flags (e.g. `--cpu-prof`). */
  nodeArgs?: readonly string[];
  /** How long the server may take to answer its health check. */
  startTimeoutMs?: number;
}

/** One server process on a free port, started as `npm start` would serve it, without the demo market maker. */
export async function startServer(env: Record<string, string>, options: ServerOptions = {}): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), INSTANCE_URL: `http://127.0.0.1:${port}`, NODE_ENV: 'development', LOG_LEVEL: 'warn', MARKET_MAKER: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { child, port };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** Whether something answers at the Redis address (a connection opens within two seconds). */
export function redisReachable(redisUrl: string): Promise<boolean> {
  const url = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(2000, () => socket.destroy());
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

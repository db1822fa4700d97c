import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopDownloadProgress, DesktopUpdateFeed } from '@tp/contract';
import { createUpdater, RETRY_MS, type UpdaterDeps } from './updater';

const INSTALLER = Buffer.alloc(3 * 1024 * 1024 + 123, 0x5a);
const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');

/** What the platform's server answers; each test sets it. */
let feed: DesktopUpdateFeed;
let feedStatus = 200;
let served = INSTALLER;
const feedQueries: URLSearchParams[] = [];
let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/api/download/desktop/latest') {
      feedQueries.push(url.searchParams);
      res.writeHead(feedStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: '0', message: 'success', value: feed }));
      return;
    }
    if (url.pathname === '/api/download/installer/setup-2.0.0.exe') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': served.length });
      // In pieces, as a real download arrives.
      let at = 0;
      const next = () => {
        if (at >= served.length) return res.end();
        res.write(served.subarray(at, at + 256 * 1024), next);
        at += 256 * 1024;
      };
      next();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tp-desktop-update-'));
  feed = { available: true, version: '2.0.0', fileName: 'setup-2.0.0.exe', size: INSTALLER.length, sha512: sha512(INSTALLER), url: '/api/download/installer/setup-2.0.0.exe' };
  feedStatus = 200;
  served = INSTALLER;
  feedQueries.length = 0;
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

function updater(over: Partial<UpdaterDeps> = {}) {
  return createUpdater({ platformUrl: base, platform: 'win', currentVersion: '1.4.2', downloadDir: dir, isOnline: () => true, launchInstaller: vi.fn(async () => undefined), quit: vi.fn(), ...over });
}

describe('update check', () => {
  it('asks the feed with the platform and running version, and offers a newer version only', async () => {
    expect(await updater().checkOnce()).toMatchObject({ available: true, version: '2.0.0' });
    expect(Object.fromEntries(feedQueries[0]!)).toEqual({ platform: 'win', version: '1.4.2' });

    // A feed offering the running version or an older one is not an update, whatever it says.
    expect(await updater({ currentVersion: '2.0.0' }).checkOnce()).toEqual({ available: false });
    expect(await updater({ currentVersion: '2.0.1' }).checkOnce()).toEqual({ available: false });
    expect(await updater({ currentVersion: '1.10.0' }).checkOnce()).toMatchObject({ available: true });
    feed = { available: false };
    expect(await updater().checkOnce()).toEqual({ available: false });
  });

  it('tries again 5 s after a failed check, while the machine is online', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    feedStatus = 503;
    const u = updater();
    let answer: DesktopUpdateFeed | undefined;
    void u.check().then((a) => (answer = a));
    await vi.waitFor(() => expect(feedQueries).toHaveLength(1));

    await vi.advanceTimersByTimeAsync(RETRY_MS - 100);
    expect(feedQueries).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    await vi.waitFor(() => expect(feedQueries).toHaveLength(2));
    expect(answer).toBeUndefined();

    feedStatus = 200;
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    await vi.waitFor(() => expect(answer).toMatchObject({ available: true, version: '2.0.0' }));
    expect(feedQueries).toHaveLength(3);
    u.stop();
  });

  it('makes no attempt while offline, and asks as soon as the next 5 s find it online', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let online = false;
    const u = updater({ isOnline: () => online });
    let answer: DesktopUpdateFeed | undefined;
    void u.check().then((a) => (answer = a));
    await vi.advanceTimersByTimeAsync(3 * RETRY_MS);
    expect(feedQueries).toHaveLength(0);

    online = true;
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    await vi.waitFor(() => expect(answer).toMatchObject({ available: true }));
    expect(feedQueries).toHaveLength(1);
  });

  it('a server that cannot be reached is a failed attempt, retried', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const u = updater({ platformUrl: 'http://127.0.0.1:9/' });
    await expect(u.checkOnce()).rejects.toMatchObject({ reason: 'network' });
    u.stop();
  });
});

describe('update download', () => {
  it('streams the installer with progress up to its size, at a measured speed, and keeps the verified file', async () => {
    // A clock that moves 50 ms each time it is read: the speed is bytes over that time.
    let clock = 0;
    const u = updater({ now: () => (clock += 50) });
    await u.checkOnce();
    const events: DesktopDownloadProgress[] = [];
    const file = await u.download((p) => events.push(p));

    expect((await readFile(file)).equals(INSTALLER)).toBe(true);
    expect(path.dirname(file)).toBe(dir);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ transferred: INSTALLER.length, total: INSTALLER.length, percent: 100 });
    expect(events.length).toBeGreaterThan(2);
    // Never backwards, never beyond the size.
    for (let i = 1; i < events.length; i++) expect(events[i]!.transferred).toBeGreaterThanOrEqual(events[i - 1]!.transferred);
    expect(events.every((e) => e.transferred <= e.total && e.percent <= 100)).toBe(true);
    expect(events.slice(0, -1).every((e) => e.transferred < e.total)).toBe(true);
    // The speed is the average since the start: bytes over the clock's elapsed time.
    for (const e of events) expect(e.bytesPerSecond).toBeGreaterThan(0);
    expect(last.bytesPerSecond).toBeLessThan(INSTALLER.length / 0.05);
  });

  it('refuses a file whose SHA-512 differs from the feed and removes it', async () => {
    const u = updater();
    feed = { ...(feed as Extract<DesktopUpdateFeed, { available: true }>), sha512: sha512(Buffer.from('something else')) };
    await u.checkOnce();
    await expect(u.download(() => undefined)).rejects.toMatchObject({ reason: 'checksum' });
    expect(await readdir(dir)).toEqual([]);
    await expect(u.installAndQuit()).rejects.toMatchObject({ reason: 'nothing-downloaded' });
  });

  it('refuses a file shorter or longer than the feed says and removes it', async () => {
    const u = updater();
    served = INSTALLER.subarray(0, INSTALLER.length - 10);
    await u.checkOnce();
    await expect(u.download(() => undefined)).rejects.toMatchObject({ reason: 'size' });
    expect(await readdir(dir)).toEqual([]);

    feed = { ...(feed as Extract<DesktopUpdateFeed, { available: true }>), size: 1000 };
    served = INSTALLER;
    await u.checkOnce();
    await expect(u.download(() => undefined)).rejects.toMatchObject({ reason: 'size' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('runs one download at a time', async () => {
    const u = updater();
    await u.checkOnce();
    const first = u.download(() => undefined);
    await expect(u.download(() => undefined)).rejects.toMatchObject({ reason: 'busy' });
    expect((await readFile(await first)).equals(INSTALLER)).toBe(true);
  });

  it('downloads nothing before a check found an update', async () => {
    feed = { available: false };
    const u = updater();
    await u.checkOnce();
    await expect(u.download(() => undefined)).rejects.toMatchObject({ reason: 'nothing-found' });
  });

  it('keeps a file name from the feed inside the download folder', async () => {
    const u = updater();
    feed = { ...(feed as Extract<DesktopUpdateFeed, { available: true }>), fileName: '../../setup-2.0.0.exe' };
    await u.checkOnce();
    expect(path.dirname(await u.download(() => undefined))).toBe(dir);
  });

  it('hands the verified installer to the launcher, then quits', async () => {
    const launchInstaller = vi.fn(async () => undefined);
    const quit = vi.fn();
    const u = updater({ launchInstaller, quit });
    await u.checkOnce();
    const file = await u.download(() => undefined);
    await u.installAndQuit();
    expect(launchInstaller).toHaveBeenCalledWith(file);
    expect(quit).toHaveBeenCalledTimes(1);
    expect(launchInstaller.mock.invocationCallOrder[0]!).toBeLessThan(quit.mock.invocationCallOrder[0]!);
  });
});

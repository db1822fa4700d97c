import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Channel } from './ipc';

/** Electron's main-process modules, as far as the client uses them. */
const fake = vi.hoisted(() => {
  const state = {
    lock: true,
    windows: [] as FakeWindowShape[],
    handlers: new Map<string, (...args: unknown[]) => unknown>(),
    appEvents: new Map<string, (...args: unknown[]) => unknown>(),
    openExternal: [] as string[],
    fetched: [] as string[],
    quit: 0,
    userData: '',
  };
  interface FakeWindowShape {
    options: Record<string, unknown>;
    loaded: string[];
    contents: { events: Map<string, (...args: unknown[]) => unknown>; openHandler: (details: { url: string }) => { action: string } };
  }
  return state;
});

vi.mock('electron', () => {
  class BrowserWindow {
    options: Record<string, unknown>;
    loaded: string[] = [];
    webContents;
    contents;
    constructor(options: Record<string, unknown>) {
      this.options = options;
      const events = new Map<string, (...args: unknown[]) => unknown>();
      this.contents = { events, openHandler: (() => ({ action: 'allow' })) as (details: { url: string }) => { action: string } };
      const contents = this.contents;
      this.webContents = {
        on: (event: string, fn: (...args: unknown[]) => unknown) => events.set(event, fn),
        setWindowOpenHandler: (fn: (details: { url: string }) => { action: string }) => (contents.openHandler = fn),
      };
      fake.windows.push(this);
    }
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
    once() {}
    on() {}
    maximize() {}
  }
  return {
    app: {
      requestSingleInstanceLock: () => fake.lock,
      quit: () => fake.quit++,
      getPath: () => fake.userData,
      getVersion: () => '1.0.0',
      isPackaged: true,
      on: (event: string, fn: (...args: unknown[]) => unknown) => fake.appEvents.set(event, fn),
      whenReady: () => Promise.resolve(),
    },
    BrowserWindow,
    ipcMain: { handle: (channel: string, fn: (...args: unknown[]) => unknown) => fake.handlers.set(channel, fn) },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: () => undefined },
    net: {
      isOnline: () => true,
      fetch: async (url: string) => {
        fake.fetched.push(url);
        return new Response(JSON.stringify({ code: '0', message: 'success', value: { available: false } }), { status: 200 });
      },
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] },
    session: { defaultSession: { setPermissionRequestHandler: () => undefined } },
    shell: { openExternal: async (url: string) => void fake.openExternal.push(url), openPath: async () => '' },
  };
});

const PLATFORM = 'https://trade.example.cn/';

async function start(lock = true) {
  vi.resetModules();
  Object.assign(fake, { lock, windows: [], openExternal: [], fetched: [], quit: 0, userData: mkdtempSync(path.join(tmpdir(), 'tp-desktop-main-')) });
  fake.handlers.clear();
  fake.appEvents.clear();
  vi.stubEnv('TP_PLATFORM_URL', PLATFORM);
  await import('./main');
  await vi.waitFor(() => expect(fake.windows.length).toBeGreaterThan(0));
  return fake.windows[0]! as unknown as (typeof fake.windows)[number];
}

const navigation = (url: string) => {
  const event = { url, prevented: false, preventDefault() {
    this.prevented = true;
  } };
  return event;
};

beforeEach(() => vi.unstubAllEnvs());
afterEach(() => {
  if (fake.userData) rmSync(fake.userData, { recursive: true, force: true });
});

describe('main process', () => {
  it('opens one sandboxed window on the platform, with the preload beside the bundle', async () => {
    const win = await start();
    expect(win.loaded).toEqual([PLATFORM]);
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, devTools: false, additionalArguments: ['--tp-desktop-version=1.0.0'] });
    expect(path.basename(prefs.preload as string)).toBe('preload.cjs');
  });

  it('keeps the window on the platform: other sites go to the system browser, new windows are refused', async () => {
    const win = await start();
    const willNavigate = win.contents.events.get('will-navigate')! as (e: ReturnType<typeof navigation>) => void;
    const own = navigation(`${PLATFORM}buyerCenter`);
    willNavigate(own);
    expect(own.prevented).toBe(false);
    const other = navigation('https://www.example.com/');
    willNavigate(other);
    expect(other.prevented).toBe(true);
    const file = navigation('file:///etc/passwd');
    willNavigate(file);
    expect(file.prevented).toBe(true);
    expect(fake.openExternal).toEqual(['https://www.example.com/']);

    expect(win.contents.openHandler({ url: 'https://news.example.com/' })).toEqual({ action: 'deny' });
    expect(win.contents.openHandler({ url: `${PLATFORM}fileDownload` })).toEqual({ action: 'deny' });
    expect(fake.openExternal).toEqual(['https://www.example.com/', 'https://news.example.com/']);
    expect(win.loaded.at(-1)).toBe(`${PLATFORM}fileDownload`);
  });

  it('shows the offline page when the platform cannot be reached', async () => {
    const win = await start();
    win.contents.events.get('did-fail-load')!({}, -105, 'ERR_NAME_NOT_RESOLVED', PLATFORM, true);
    expect(win.loaded.at(-1)).toMatch(/^data:text\/html/);
    expect(decodeURIComponent(win.loaded.at(-1)!)).toContain('无法连接到交易平台');
  });

  it('answers update calls from the platform’s pages only', async () => {
    await start();
    const check = fake.handlers.get(Channel.check)!;
    expect(() => check({ senderFrame: { url: 'data:text/html,x' } })).toThrow();
    expect(() => check({ senderFrame: { url: 'https://evil.example.com/' } })).toThrow();
    expect(await check({ senderFrame: { url: `${PLATFORM}index` } })).toEqual({ available: false });
    expect(fake.fetched).toHaveLength(1);
    const asked = new URL(fake.fetched[0]!);
    expect(`${asked.origin}${asked.pathname}`).toBe(`${PLATFORM}api/download/desktop/latest`);
    expect(asked.searchParams.get('version')).toBe('1.0.0');
  });

  it('a second start hands over to the running client and opens nothing', async () => {
    vi.resetModules();
    Object.assign(fake, { lock: false, windows: [], quit: 0, userData: '' });
    await import('./main');
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.quit).toBe(1);
    expect(fake.windows).toEqual([]);
  });
});

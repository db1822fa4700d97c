import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '@tp/contract';
import { Channel } from './ipc';

type Listener = (event: unknown, payload: unknown) => void;
const exposed = new Map<string, unknown>();
const listeners = new Map<string, Set<Listener>>();
const invoke = vi.fn();

// Electron's renderer modules, as the sandboxed preload sees them.
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (channel: string, listener: Listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel: string, listener: Listener) => listeners.get(channel)?.delete(listener),
  },
}));

beforeEach(() => invoke.mockReset());

// The main process gives the window its version on the command line.
process.argv.push('--tp-desktop-version=3.1.4');

/** The preload runs once, as in a window; every test reads what it exposed. */
async function bridge(): Promise<DesktopBridge> {
  await import('./preload');
  return exposed.get('desktop') as DesktopBridge;
}

describe('the preload bridge', () => {
  it('puts window.desktop in the page with these members only', async () => {
    const desktop = await bridge();
    expect([...exposed.keys()]).toEqual(['desktop']);
    expect(Object.keys(desktop).sort()).toEqual(['checkForUpdate', 'downloadUpdate', 'installAndQuit', 'platform', 'version']);
    expect(desktop.version).toBe('3.1.4');
    expect(['win', 'mac', 'linux']).toContain(desktop.platform);
  });

  it('asks the main process to check and install over its channels', async () => {
    const desktop = await bridge();
    invoke.mockResolvedValueOnce({ available: false });
    expect(await desktop.checkForUpdate()).toEqual({ available: false });
    expect(invoke).toHaveBeenLastCalledWith(Channel.check);
    invoke.mockResolvedValueOnce(undefined);
    await desktop.installAndQuit();
    expect(invoke).toHaveBeenLastCalledWith(Channel.install);
  });

  it('passes the download’s progress to the page while it runs, and stops listening after', async () => {
    const desktop = await bridge();
    let finish!: () => void;
    invoke.mockReturnValueOnce(new Promise<void>((resolve) => (finish = resolve)));
    const seen: unknown[] = [];
    const done = desktop.downloadUpdate((p) => seen.push(p));
    const progress = { transferred: 10, total: 100, percent: 10, bytesPerSecond: 5 };
    listeners.get(Channel.progress)!.forEach((l) => l({ sender: 'ipc' }, progress));
    finish();
    await done;
    expect(invoke).toHaveBeenCalledWith(Channel.download);
    // Only the progress itself reaches the page, not Electron's event object.
    expect(seen).toEqual([progress]);
    expect(listeners.get(Channel.progress)!.size).toBe(0);
  });
});

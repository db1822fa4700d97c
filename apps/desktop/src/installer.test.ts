import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installerLauncher } from './installer';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tp-desktop-install-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux')('installer launch', () => {
  it('puts a new AppImage in place of the running one and starts it', async () => {
    const running = path.join(dir, 'client.AppImage');
    await writeFile(running, '#!/bin/sh\necho old\n', { mode: 0o755 });
    const marker = path.join(dir, 'started');
    const downloaded = path.join(dir, 'tp-desktop-linux-2.0.0.AppImage');
    const script = `#!/bin/sh\ntouch "${marker}"\n`;
    await writeFile(downloaded, script);
    const openPath = vi.fn(async () => '');

    await installerLauncher(openPath, running)(downloaded);
    expect(await readFile(running, 'utf8')).toBe(script);
    await vi.waitFor(() => expect(existsSync(marker)).toBe(true));
    expect(openPath).not.toHaveBeenCalled();
  });

  it('opens a disk image or a package in the system installer, and says when it cannot', async () => {
    const openPath = vi.fn(async (file: string) => (file.endsWith('.deb') ? 'No application is associated' : ''));
    await installerLauncher(openPath)(path.join(dir, 'tp-desktop-mac-2.0.0.dmg'));
    expect(openPath).toHaveBeenCalledWith(path.join(dir, 'tp-desktop-mac-2.0.0.dmg'));
    await expect(installerLauncher(openPath)(path.join(dir, 'tp-desktop-linux-2.0.0.deb'))).rejects.toThrow('No application is associated');
  });
});

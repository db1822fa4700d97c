// The desktop client's main process: Electron's parts only, wired to the logic in the other files.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, net, screen, session, shell, type IpcMainInvokeEvent } from 'electron';
import type { DesktopPlatform } from '@tp/contract';
import { installerLauncher } from './installer';
import { Channel } from './ipc';
import { menuTemplate } from './menu';
import { decideNavigation } from './navigation';
import { offlinePage } from './offline';
import { resolvePlatformUrl } from './settings';
import { createUpdater, RETRY_MS } from './updater';
import { restoreWindowState, windowOptions } from './window-options';

const TITLE = '大宗商品交易平台';
const PLATFORMS: Partial<Record<NodeJS.Platform, DesktopPlatform>> = { win32: 'win', darwin: 'mac', linux: 'linux' };

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

if (!app.requestSingleInstanceLock()) {
  // A second start brings the running client forward (below) instead of opening another.
  app.quit();
} else {
  const userData = app.getPath('userData');
  const platformUrl = resolvePlatformUrl(process.env, readText(path.join(userData, 'settings.json')));
  const stateFile = path.join(userData, 'window-state.json');
  let win: BrowserWindow | null = null;
  let offlineRetry: ReturnType<typeof setInterval> | null = null;

  const updater = createUpdater({
    platformUrl,
    platform: PLATFORMS[process.platform] ?? 'linux',
    currentVersion: app.getVersion(),
    downloadDir: path.join(app.getPath('temp'), 'tp-desktop-update'),
    isOnline: () => net.isOnline(),
    launchInstaller: installerLauncher((file) => shell.openPath(file), process.env.APPIMAGE),
    quit: () => app.quit(),
    fetch: (input, init) => net.fetch(String(input), init),
  });

  /** Only the platform's own pages may ask for updates; the offline page or a stray frame may not. */
  const trusted = (event: IpcMainInvokeEvent) => {
    if (!event.senderFrame || decideNavigation(event.senderFrame.url, platformUrl) !== 'allow') throw new Error('not the platform');
  };
  ipcMain.handle(Channel.check, (event) => {
    trusted(event);
    return updater.check();
  });
  ipcMain.handle(Channel.download, async (event) => {
    trusted(event);
    await updater.download((progress) => {
      if (!event.sender.isDestroyed()) event.sender.send(Channel.progress, progress);
    });
  });
  ipcMain.handle(Channel.install, (event) => {
    trusted(event);
    return updater.installAndQuit();
  });

  const stopOfflineRetry = () => {
    if (offlineRetry) clearInterval(offlineRetry);
    offlineRetry = null;
  };

  /** The offline page, and every 5 s (when online) a look whether the platform answers again. */
  const showOffline = (window: BrowserWindow) => {
    void window.loadURL(offlinePage(platformUrl, RETRY_MS / 1000));
    if (offlineRetry) return;
    offlineRetry = setInterval(() => {
      if (!net.isOnline()) return;
      net.fetch(platformUrl, { method: 'HEAD', cache: 'no-store' }).then(
        () => {
          stopOfflineRetry();
          void window.loadURL(platformUrl);
        },
        () => undefined,
      );
    }, RETRY_MS);
  };

  const createWindow = () => {
    const state = restoreWindowState(JSON.parse(readText(stateFile) ?? 'null'), screen.getAllDisplays().map((d) => d.workArea));
    const window = new BrowserWindow(
      // Bundled as CommonJS (a sandboxed preload must be), so __dirname is the bundle's folder.
      windowOptions({ preload: path.join(__dirname, 'preload.cjs'), title: TITLE, state, devTools: !app.isPackaged, version: app.getVersion() }),
    );
    if (state?.maximized) window.maximize();
    window.once('ready-to-show', () => window.show());
    window.on('close', () => {
      writeFileSync(stateFile, JSON.stringify({ bounds: window.getNormalBounds(), maximized: window.isMaximized() }));
    });
    window.on('closed', () => {
      win = null;
    });

    const contents = window.webContents;
    const guard = (event: { preventDefault: () => void }, url: string) => {
      const decision = decideNavigation(url, platformUrl);
      if (decision === 'allow') return;
      event.preventDefault();
      if (decision === 'external') void shell.openExternal(url);
    };
    contents.on('will-navigate', (event) => guard(event, event.url));
    contents.on('will-redirect', (event) => guard(event, event.url));
    contents.on('will-attach-webview', (event) => event.preventDefault());
    // No second window: the platform's own links open here, others in the system browser.
    contents.setWindowOpenHandler(({ url }) => {
      const decision = decideNavigation(url, platformUrl);
      if (decision === 'allow') void window.loadURL(url);
      else if (decision === 'external') void shell.openExternal(url);
      return { action: 'deny' };
    });
    contents.on('did-fail-load', (_event, errorCode, _description, url, isMainFrame) => {
      // -3 is a navigation that was replaced by another, not a failure.
      if (isMainFrame && errorCode !== -3 && decideNavigation(url, platformUrl) === 'allow') showOffline(window);
    });
    contents.on('did-navigate', (_event, url) => {
      if (decideNavigation(url, platformUrl) === 'allow') stopOfflineRetry();
    });

    void window.loadURL(platformUrl);
    return window;
  };

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  app.on('window-all-closed', () => {
    updater.stop();
    app.quit();
  });

  void app.whenReady().then(() => {
    // The remote pages ask for nothing beyond what a browser tab would get without asking.
    session.defaultSession.setPermissionRequestHandler((contents, permission, callback) =>
      callback(decideNavigation(contents.getURL(), platformUrl) === 'allow' && ['clipboard-sanitized-write', 'fullscreen', 'notifications'].includes(permission)),
    );
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(menuTemplate({ appName: TITLE, version: app.getVersion(), isMac: process.platform === 'darwin', goHome: () => void win?.loadURL(platformUrl) })),
    );
    win = createWindow();
    app.on('activate', () => {
      win ??= createWindow();
    });
  });
}

import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { VERSION_ARG } from './ipc';

export interface WindowState {
  bounds: Rectangle;
  maximized: boolean;
}

const DEFAULT_SIZE = { width: 1280, height: 800 };
const MIN_SIZE = { width: 1024, height: 640 };

/**
 * The saved size and place when they still fit one of the screens (a monitor may have been
 * unplugged since), otherwise the default size centred by the system.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rectangle[]): WindowState | null {
  const s = saved as Partial<WindowState> | null;
  const b = s?.bounds;
  if (!b || ![b.x, b.y, b.width, b.height].every((n) => Number.isInteger(n))) return null;
  if (b.width < MIN_SIZE.width || b.height < MIN_SIZE.height) return null;
  // Enough of the title bar must be on a screen for the window to be moved back.
  const visible = workAreas.some((a) => b.x + 100 <= a.x + a.width && b.x + b.width - 100 >= a.x && b.y >= a.y && b.y + 40 <= a.y + a.height);
  return visible ? { bounds: b, maximized: s.maximized === true } : null;
}

/**
 * The one window's options. The page is the remote platform, so it gets no Node.js, runs in the
 * renderer sandbox and sees the preload's bridge only through context isolation.
 */
export function windowOptions(input: { preload: string; title: string; state: WindowState | null; devTools: boolean; version: string }): BrowserWindowConstructorOptions {
  return {
    ...(input.state?.bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: input.title,
    // Shown once the first page has drawn, so the window never flashes white and empty.
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: input.preload,
      // The sandboxed preload has no file access: it learns the client's version from its command line.
      additionalArguments: [`${VERSION_ARG}${input.version}`],
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: input.devTools,
    },
  };
}

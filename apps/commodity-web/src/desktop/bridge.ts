import type { DesktopBridge } from '@tp/contract';

declare global {
  interface Window {
    /** Set by the desktop client's preload; absent in a browser. */
    desktop?: DesktopBridge;
  }
}

/** The desktop client's bridge when the platform runs inside it. */
export const desktopBridge = (): DesktopBridge | undefined => window.desktop;

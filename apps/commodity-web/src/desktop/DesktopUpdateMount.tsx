import { lazy, Suspense } from 'react';
import { desktopBridge } from './bridge';

// In a browser nothing of the update dialogs is downloaded: only the desktop client needs them.
const DesktopUpdates = lazy(() => import('./DesktopUpdates').then((m) => ({ default: m.DesktopUpdates })));

/** The desktop client's update dialogs, mounted once beside the app when the client's bridge is there. */
export function DesktopUpdateMount() {
  const bridge = desktopBridge();
  if (!bridge) return null;
  return (
    <Suspense fallback={null}>
      <DesktopUpdates bridge={bridge} />
    </Suspense>
  );
}

import { spawn } from 'node:child_process';
import { chmod, copyFile, rename } from 'node:fs/promises';

function startDetached(file: string): Promise<void> {
  const child = spawn(file, [], { detached: true, stdio: 'ignore' });
  return new Promise<void>((resolve, reject) => {
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
    child.once('error', reject);
  });
}

/**
 * Hands a downloaded installer to the operating system. The Windows setup runs by itself (detached,
 * so it outlives the client that quits); a new AppImage replaces the one the client was started from
 * (`runningAppImage`, Electron's APPIMAGE variable) and is started in its place; a disk image or a
 * .deb opens in the system's installer.
 */
export function installerLauncher(openPath: (file: string) => Promise<string>, runningAppImage?: string) {
  return async (file: string): Promise<void> => {
    if (/\.exe$/i.test(file)) return startDetached(file);
    if (/\.AppImage$/i.test(file)) {
      let target = file;
      if (runningAppImage) {
        // Copied beside the old one first, so a failure never leaves a half-written client.
        await copyFile(file, `${runningAppImage}.new`);
        await rename(`${runningAppImage}.new`, runningAppImage);
        target = runningAppImage;
      }
      await chmod(target, 0o755);
      return startDetached(target);
    }
    const error = await openPath(file);
    if (error) throw new Error(error);
  };
}

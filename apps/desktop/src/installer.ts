import { spawn } from 'node:child_process';
import { chmod } from 'node:fs/promises';

/**
 * Hands a downloaded installer to the operating system: the Windows setup and the AppImage run
 * by themselves (detached, so they outlive the client that quits), a disk image or a .deb opens
 * in the system's installer.
 */
export function installerLauncher(openPath: (file: string) => Promise<string>) {
  return async (file: string): Promise<void> => {
    if (/\.(exe|AppImage)$/i.test(file)) {
      if (/\.AppImage$/i.test(file)) await chmod(file, 0o755);
      const child = spawn(file, [], { detached: true, stdio: 'ignore' });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      child.unref();
      return;
    }
    const error = await openPath(file);
    if (error) throw new Error(error);
  };
}

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge, DesktopDownloadProgress, DesktopPlatform, DesktopUpdateFeed } from '@tp/contract';
import { Channel, VERSION_ARG } from './ipc';

const PLATFORMS: Record<string, DesktopPlatform> = { win32: 'win', darwin: 'mac', linux: 'linux' };

/** `window.desktop`: these five members and nothing else; no Electron or Node object crosses over. */
const bridge: DesktopBridge = {
  version: process.argv.find((a) => a.startsWith(VERSION_ARG))?.slice(VERSION_ARG.length) ?? '0.0.0',
  platform: PLATFORMS[process.platform] ?? 'linux',
  checkForUpdate: () => ipcRenderer.invoke(Channel.check) as Promise<DesktopUpdateFeed>,
  async downloadUpdate(onProgress) {
    const listener = (_event: IpcRendererEvent, progress: DesktopDownloadProgress) => onProgress(progress);
    ipcRenderer.on(Channel.progress, listener);
    try {
      await ipcRenderer.invoke(Channel.download);
    } finally {
      ipcRenderer.removeListener(Channel.progress, listener);
    }
  },
  installAndQuit: () => ipcRenderer.invoke(Channel.install) as Promise<void>,
};

contextBridge.exposeInMainWorld('desktop', bridge);

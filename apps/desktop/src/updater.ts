import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { compareVersions, DesktopUpdateFeed, DownloadPath, type DesktopDownloadProgress, type DesktopPlatform, type DesktopUpdate } from '@tp/contract';

/** The spec's retry interval: a failed check is tried again 5 s later, when the machine is online. */
export const RETRY_MS = 5_000;
/** Progress is reported at most this often (and once at the end), so the dialog is not flooded. */
const PROGRESS_EVERY_MS = 200;

export type UpdateFailure = 'network' | 'status' | 'size' | 'checksum' | 'nothing-found' | 'nothing-downloaded' | 'busy';

/** Why an update could not be checked, downloaded or installed. */
export class UpdateError extends Error {
  constructor(
    readonly reason: UpdateFailure,
    detail: string = reason,
  ) {
    super(detail);
    this.name = 'UpdateError';
  }
}

export interface UpdaterDeps {
  /** The platform's address; the feed and the installer are asked of its origin. */
  platformUrl: string;
  platform: DesktopPlatform;
  currentVersion: string;
  /** Where the installer is written while it downloads (a folder of the client's own). */
  downloadDir: string;
  isOnline: () => boolean;
  /** Starts the downloaded installer (the operating system's part). */
  launchInstaller: (file: string) => Promise<void>;
  quit: () => void;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * The desktop client's automatic update, free of Electron: asks the server's feed, downloads the
 * installer with progress, accepts it only when its size and SHA-512 match the feed, and hands it
 * to the installer before quitting.
 */
export function createUpdater(deps: UpdaterDeps) {
  const fetchImpl = deps.fetch ?? ((input, init) => fetch(input, init));
  const now = deps.now ?? Date.now;
  let found: DesktopUpdate | null = null;
  let downloaded: string | null = null;
  let checking: Promise<DesktopUpdateFeed> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let downloading = false;
  let stopped = false;

  /** One question to the feed; a newer version than ours is the only thing offered. */
  async function checkOnce(): Promise<DesktopUpdateFeed> {
    const url = new URL(DownloadPath.desktopLatest, deps.platformUrl);
    url.searchParams.set('platform', deps.platform);
    url.searchParams.set('version', deps.currentVersion);
    const res = await fetchImpl(url, { headers: { accept: 'application/json' }, cache: 'no-store' }).catch((err: unknown) => {
      throw new UpdateError('network', String(err));
    });
    if (!res.ok) throw new UpdateError('status', `feed answered ${res.status}`);
    const parsed = DesktopUpdateFeed.safeParse(((await res.json()) as { value?: unknown }).value);
    if (!parsed.success) throw new UpdateError('status', 'feed answered something else');
    const feed = parsed.data;
    // The server compares too; a feed that offers an older or the same build is not an update.
    found = feed.available && compareVersions(feed.version, deps.currentVersion) > 0 ? feed : null;
    return found ?? { available: false };
  }

  /**
   * Asks until the feed answers: after a failure the next attempt is 5 s later, and is made only
   * when the machine is online (otherwise it waits another 5 s). Concurrent callers share one loop.
   */
  function check(): Promise<DesktopUpdateFeed> {
    checking ??= new Promise<DesktopUpdateFeed>((resolve) => {
      const attempt = () => {
        retryTimer = null;
        if (stopped) return;
        if (!deps.isOnline()) return later();
        checkOnce().then(resolve, later);
      };
      const later = () => {
        if (!stopped) retryTimer = setTimeout(attempt, RETRY_MS);
      };
      attempt();
    }).finally(() => {
      checking = null;
    });
    return checking;
  }

  /** Downloads the update the last check found, streaming to a file; any mismatch deletes it and fails. */
  async function download(onProgress: (progress: DesktopDownloadProgress) => void): Promise<string> {
    // One download at a time: a second would write the same file.
    if (downloading) throw new UpdateError('busy');
    downloading = true;
    try {
      return await downloadFound(onProgress);
    } finally {
      downloading = false;
    }
  }

  async function downloadFound(onProgress: (progress: DesktopDownloadProgress) => void): Promise<string> {
    const update = found;
    if (!update) throw new UpdateError('nothing-found');
    await mkdir(deps.downloadDir, { recursive: true });
    // The name comes from the server: only its last segment, so nothing lands outside the folder.
    const file = path.join(deps.downloadDir, path.basename(update.fileName.replace(/\\/g, '/')) || 'installer');
    if (downloaded) await rm(downloaded, { force: true });
    downloaded = null;

    const out = createWriteStream(file);
    const hash = createHash('sha512');
    const started = now();
    let transferred = 0;
    let lastReport = -Infinity;
    let reported = -1;
    const progress = (): DesktopDownloadProgress => {
      const seconds = Math.max(now() - started, 1) / 1000;
      return { transferred, total: update.size, percent: update.size > 0 ? Math.floor((transferred * 100) / update.size) : 100, bytesPerSecond: Math.round(transferred / seconds) };
    };
    try {
      const res = await fetchImpl(new URL(update.url, deps.platformUrl), { cache: 'no-store' }).catch((err: unknown) => {
        throw new UpdateError('network', String(err));
      });
      if (!res.ok || !res.body) throw new UpdateError('status', `installer answered ${res.status}`);
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        transferred += chunk.byteLength;
        if (transferred > update.size) throw new UpdateError('size', `more than the ${update.size} bytes announced`);
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, 'drain');
        if (now() - lastReport >= PROGRESS_EVERY_MS) {
          lastReport = now();
          reported = transferred;
          onProgress(progress());
        }
      }
      out.end();
      await once(out, 'close');
      if (transferred !== update.size) throw new UpdateError('size', `${transferred} of ${update.size} bytes`);
      if (hash.digest('base64') !== update.sha512) throw new UpdateError('checksum', 'SHA-512 differs from the feed');
      if (reported !== transferred) onProgress(progress());
      downloaded = file;
      return file;
    } catch (err) {
      out.destroy();
      await rm(file, { force: true });
      throw err instanceof UpdateError ? err : new UpdateError('network', String(err));
    }
  }

  /** Starts the verified installer, then quits so it can replace the running client. */
  async function installAndQuit(): Promise<void> {
    if (!downloaded) throw new UpdateError('nothing-downloaded');
    await deps.launchInstaller(downloaded);
    deps.quit();
  }

  /** Stops a waiting retry (the client is closing). */
  function stop(): void {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
  }

  return { check, checkOnce, download, installAndQuit, stop };
}

export type Updater = ReturnType<typeof createUpdater>;

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { DesktopBridge, DesktopDownloadProgress, DesktopUpdateFeed } from '@tp/contract';
import { renderInApp, resetAroundEachTest } from '../test-support';
import { DesktopUpdateMount } from './DesktopUpdateMount';
import { CLOSE_AFTER_FAILURE_MS, RECHECK_MS } from './DesktopUpdates';

const UPDATE: DesktopUpdateFeed = { available: true, version: '2.0.0', fileName: 'setup-2.0.0.exe', size: 3 * 1024 * 1024, sha512: 'x', url: '/api/download/installer/setup-2.0.0.exe' };

/** The desktop client's bridge as a test drives it: the download ends when the test says. */
function fakeBridge(feed: DesktopUpdateFeed = UPDATE) {
  let progress: (p: DesktopDownloadProgress) => void = () => undefined;
  let finish: { resolve: () => void; reject: (e: Error) => void } | null = null;
  const bridge = {
    version: '1.0.0',
    platform: 'win',
    checkForUpdate: vi.fn(async () => feed),
    downloadUpdate: vi.fn(
      (onProgress: (p: DesktopDownloadProgress) => void) =>
        new Promise<void>((resolve, reject) => {
          progress = onProgress;
          finish = { resolve, reject };
        }),
    ),
    installAndQuit: vi.fn(async () => undefined),
  } satisfies DesktopBridge;
  return {
    bridge,
    progress: (p: DesktopDownloadProgress) => act(() => progress(p)),
    complete: () => act(async () => finish!.resolve()),
    fail: () => act(async () => finish!.reject(new Error('checksum'))),
  };
}

function open(bridge: DesktopBridge | undefined) {
  window.desktop = bridge;
  // Without animations a closed dialog leaves the page at once, as a user sees it go.
  renderInApp(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <DesktopUpdateMount />
    </ConfigProvider>,
  );
}

const slow = { timeout: 15_000 };

resetAroundEachTest();
afterEach(() => {
  vi.useRealTimers();
  window.desktop = undefined;
});

describe('desktop client update', () => {
  it('shows nothing and asks nothing in a browser', async () => {
    open(undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.body.textContent).toBe('');
  });

  it('asks to update, shows the download in a dialog that cannot be closed, then asks to install', async () => {
    const fake = fakeBridge();
    open(fake.bridge);
    expect(await screen.findByText('发现新版本 2.0.0，是否立即更新？', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即更新' }));

    await waitFor(() => expect(fake.bridge.downloadUpdate).toHaveBeenCalledTimes(1));
    await fake.progress({ transferred: 512 * 1024, total: 3 * 1024 * 1024, percent: 16, bytesPerSecond: 1.5 * 1024 * 1024 });
    const dialog = await screen.findByTestId('desktop-update-progress');
    expect(dialog.textContent).toContain('已下载 512.0 KB / 3.00 MB');
    expect(dialog.textContent).toContain('下载速度 1.50 MB/s');
    expect(dialog.textContent).toContain('16%');
    // No close button, and neither Escape nor the mask closes it.
    expect(dialog.closest('.ant-modal')!.querySelector('.ant-modal-close')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.click(document.querySelector('.ant-modal-wrap')!);
    expect(screen.getByTestId('desktop-update-progress')).toBeTruthy();
    await fake.progress({ transferred: 900 * 1024, total: 3 * 1024 * 1024, percent: 29, bytesPerSecond: 600 * 1024 });
    expect(screen.getByTestId('desktop-update-progress').textContent).toContain('下载速度 600.0 KB/s');

    await fake.complete();
    expect(await screen.findByText('更新包已下载完成，是否立即安装？安装时客户端将退出。')).toBeTruthy();
    expect(fake.bridge.installAndQuit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '立即安装' }));
    await waitFor(() => expect(fake.bridge.installAndQuit).toHaveBeenCalledTimes(1));
  });

  it('downloads nothing when the user says later', async () => {
    const fake = fakeBridge();
    open(fake.bridge);
    await screen.findByText('发现新版本 2.0.0，是否立即更新？', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: /^稍\s?后$/ }));
    await waitFor(() => expect(screen.queryByText('发现新版本 2.0.0，是否立即更新？')).toBeNull());
    expect(fake.bridge.downloadUpdate).not.toHaveBeenCalled();
  });

  it('asks nothing when the client is up to date', async () => {
    const fake = fakeBridge({ available: false });
    open(fake.bridge);
    await waitFor(() => expect(fake.bridge.checkForUpdate).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText(/是否立即更新/)).toBeNull();
    expect(fake.bridge.downloadUpdate).not.toHaveBeenCalled();
  });

  it('announces a failed download, closes its dialog after 1.5 s and checks again every 5 s while online', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const fake = fakeBridge();
    open(fake.bridge);
    await screen.findByText('发现新版本 2.0.0，是否立即更新？', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: '立即更新' }));
    await waitFor(() => expect(fake.bridge.downloadUpdate).toHaveBeenCalledTimes(1));
    expect(fake.bridge.checkForUpdate).toHaveBeenCalledTimes(1);

    await fake.fail();
    expect(await screen.findByText('更新包下载失败，请重试...')).toBeTruthy();
    expect(screen.getByTestId('desktop-update-progress')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(CLOSE_AFTER_FAILURE_MS));
    await waitFor(() => expect(screen.queryByTestId('desktop-update-progress')).toBeNull());

    // Offline at the 5 s mark: no check; online at the next: checked, and asked again.
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS - CLOSE_AFTER_FAILURE_MS));
    expect(fake.bridge.checkForUpdate).toHaveBeenCalledTimes(1);
    online.mockReturnValue(true);
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS));
    expect(fake.bridge.checkForUpdate).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('发现新版本 2.0.0，是否立即更新？')).toBeTruthy();
  });

  it('speaks the user’s language', async () => {
    const { i18n } = await import('../i18n');
    const { chooseLanguage } = await import('@tp/web-kit');
    await chooseLanguage(i18n, 'en');
    const fake = fakeBridge();
    open(fake.bridge);
    expect(await screen.findByText('Version 2.0.0 is available. Update now?', {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update now' })).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { menuTemplate } from './menu';
import { decideNavigation } from './navigation';
import { offlinePage } from './offline';
import { DEFAULT_PLATFORM_URL, resolvePlatformUrl } from './settings';
import { restoreWindowState, windowOptions } from './window-options';

const PLATFORM = 'https://trade.example.cn/';

describe('navigation guard', () => {
  it('opens the platform’s own pages in the window', () => {
    expect(decideNavigation('https://trade.example.cn/index', PLATFORM)).toBe('allow');
    expect(decideNavigation('https://trade.example.cn/api/download/installer/a.exe?x=1#y', PLATFORM)).toBe('allow');
  });

  it('sends other web addresses and mail to the system', () => {
    expect(decideNavigation('https://www.example.com/', PLATFORM)).toBe('external');
    // Another scheme, port or subdomain is another origin.
    expect(decideNavigation('http://trade.example.cn/', PLATFORM)).toBe('external');
    expect(decideNavigation('https://trade.example.cn:8443/', PLATFORM)).toBe('external');
    expect(decideNavigation('https://evil.trade.example.cn/', PLATFORM)).toBe('external');
    expect(decideNavigation('mailto:service@example.cn', PLATFORM)).toBe('external');
  });

  it('refuses local files, scripts, other schemes and garbage', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'smb://host/share', 'ms-settings:', 'not a url', '']) {
      expect(decideNavigation(url, PLATFORM), url).toBe('block');
    }
  });
});

describe('window options', () => {
  const options = windowOptions({ preload: '/app/dist/preload.cjs', title: '大宗商品交易平台', state: null, devTools: false, version: '1.2.3' });

  it('gives the remote page no Node.js, the sandbox and an isolated bridge', () => {
    expect(options.webPreferences).toMatchObject({
      preload: '/app/dist/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
      additionalArguments: ['--tp-desktop-version=1.2.3'],
    });
    expect(options).toMatchObject({ width: 1280, height: 800, show: false, title: '大宗商品交易平台' });
  });

  it('restores the saved place only when it is still on a screen', () => {
    const screenArea = [{ x: 0, y: 0, width: 1920, height: 1040 }];
    const saved = { bounds: { x: 100, y: 50, width: 1400, height: 900 }, maximized: true };
    expect(restoreWindowState(saved, screenArea)).toEqual(saved);
    expect(windowOptions({ preload: 'p', title: 't', state: saved, devTools: false, version: '1.0.0' })).toMatchObject({ x: 100, y: 50, width: 1400, height: 900 });
    // A second monitor that has been unplugged, a broken file, a window too small to use.
    expect(restoreWindowState({ bounds: { x: 2500, y: 50, width: 1400, height: 900 } }, screenArea)).toBeNull();
    expect(restoreWindowState('garbage', screenArea)).toBeNull();
    expect(restoreWindowState({ bounds: { x: 0, y: 0, width: 200, height: 100 } }, screenArea)).toBeNull();
  });
});

describe('settings', () => {
  it('takes the platform address from the environment, then the settings file, then the default', () => {
    expect(resolvePlatformUrl({ TP_PLATFORM_URL: 'https://a.example.cn' }, '{"platformUrl":"https://b.example.cn/"}')).toBe('https://a.example.cn/');
    expect(resolvePlatformUrl({}, '{"platformUrl":"https://b.example.cn/"}')).toBe('https://b.example.cn/');
    expect(resolvePlatformUrl({}, null)).toBe(DEFAULT_PLATFORM_URL);
    expect(DEFAULT_PLATFORM_URL).toBe('http://localhost:8080/');
    // Unusable values are skipped, not opened.
    expect(resolvePlatformUrl({ TP_PLATFORM_URL: 'file:///etc' }, '{broken')).toBe(DEFAULT_PLATFORM_URL);
    expect(resolvePlatformUrl({}, '{"platformUrl":"javascript:alert(1)"}')).toBe(DEFAULT_PLATFORM_URL);
  });
});

describe('offline page and menu', () => {
  it('says in Chinese that the platform cannot be reached, with a retry link back to it', () => {
    const html = decodeURIComponent(offlinePage('https://trade.example.cn/?a="b"', 5).replace(/^data:text\/html;charset=utf-8,/, ''));
    expect(html).toContain('无法连接到交易平台');
    expect(html).toContain('每 5 秒自动重试');
    expect(html).toContain('href="https://trade.example.cn/?a=&#34;b&#34;"');
    expect(html).not.toContain('<script');
  });

  it('labels the menu in Chinese', () => {
    const labels = menuTemplate({ appName: '大宗商品交易平台', version: '1.2.3', isMac: false, goHome: () => undefined }).map((m) => m.label);
    expect(labels).toEqual(['文件', '编辑', '视图', '帮助']);
  });
});

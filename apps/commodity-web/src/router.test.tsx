// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { settleRouter } from '@tp/web-kit';
import { routes } from './router';
import { session } from './session';
import { PERSONAL as INFO } from './test-support';

const settle = (entry: string) => settleRouter(routes, entry);

afterEach(() => {
  session.clear();
});

describe('route map', () => {
  it('sends a visitor from a personal-center page to login, keeping the page as the redirect', async () => {
    const router = await settle('/personalCenter/accountSafe?tab=phone');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2FpersonalCenter%2FaccountSafe%3Ftab%3Dphone');
  });

  it('needs both the session string and the firm id', async () => {
    session.set({ ...INFO, firmId: '' });
    expect((await settle('/personalCenter/accountInfo')).state.location.pathname).toBe('/login');
  });

  it('lets a logged-in user in', async () => {
    session.set(INFO);
    expect((await settle('/personalCenter/accountInfo')).state.location.pathname).toBe('/personalCenter/accountInfo');
  });

  it('serves the public pages without a session', async () => {
    for (const path of ['/index', '/login', '/register/ABC123', '/Forget', '/QRCodeLogin', '/systemUpgrade', '/loadPage']) {
      const router = await settle(path);
      expect(router.state.location.pathname).toBe(path);
      expect(router.state.errors).toBeNull();
    }
  });
});

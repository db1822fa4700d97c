// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { SessionInfo } from '@tp/contract';
import { routes } from './router';
import { session } from './session';

const INFO: SessionInfo = {
  isLogin: true,
  userId: '100009',
  sessionStr: 's-1',
  tel: '',
  firmId: '10009',
  firmCode: '10000009',
  marketId: '13',
  userType: 'personal',
  userCerStatus: '0',
  nickNameStatus: '0',
  highCerStatus: '0',
  isMainAccount: true,
  language: 'en',
};

async function settle(entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  await new Promise<void>((resolve) => {
    const check = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (check()) return resolve();
    const stop = router.subscribe(() => {
      if (check()) {
        stop();
        resolve();
      }
    });
  });
  return router;
}

afterEach(() => {
  session.clear();
});

describe('exchange route map', () => {
  it('sends a visitor from the personal page to login, keeping the page as the redirect', async () => {
    const router = await settle('/user');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fuser');
  });

  it('lets a logged-in user in', async () => {
    session.set(INFO);
    expect((await settle('/user')).state.location.pathname).toBe('/user');
  });

  it('serves the public pages without a session', async () => {
    for (const path of ['/', '/login', '/register', '/register/ABCD2345', '/forget']) {
      const router = await settle(path);
      expect(router.state.location.pathname).toBe(path);
      expect(router.state.errors).toBeNull();
    }
  });
});

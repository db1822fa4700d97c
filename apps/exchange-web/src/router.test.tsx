// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@tp/contract';
import { settleRouter } from '@tp/web-kit';
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

const settle = (entry: string) => settleRouter(routes, entry);

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

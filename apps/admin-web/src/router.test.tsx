// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@tp/contract';
import { settleRouter } from '@tp/web-kit';
import { routes } from './router';
import { session } from './session';

const INFO: SessionInfo = {
  isLogin: true,
  userId: '3',
  sessionStr: 's-1',
  tel: '',
  firmId: 'staff',
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

describe('back-office route map', () => {
  it('sends a visitor to the staff login, keeping the page as the redirect', async () => {
    const router = await settle('/firms?q=abc');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Ffirms%3Fq%3Dabc');
  });

  it('lets staff in', async () => {
    session.set(INFO);
    for (const path of ['/users', '/firms', '/outbox', '/system']) expect((await settle(path)).state.location.pathname).toBe(path);
  });

  it('serves the login page without a session', async () => {
    const router = await settle('/login');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.errors).toBeNull();
  });
});

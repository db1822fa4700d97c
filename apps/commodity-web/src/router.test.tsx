// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { describeRouteMap, settleRouter } from '@tp/web-kit';
import { routes } from './router';
import { session } from './session';
import { PERSONAL } from './test-support';

describeRouteMap({ describe, it, expect, afterEach }, { title: 'route map', routes, session, member: PERSONAL }, {
  guarded: { entry: '/personalCenter/accountSafe?tab=phone', redirectSearch: '?redirect=%2FpersonalCenter%2FaccountSafe%3Ftab%3Dphone' },
  memberPaths: ['/personalCenter/accountInfo'],
  publicPaths: ['/index', '/login', '/register/ABC123', '/Forget', '/QRCodeLogin', '/systemUpgrade', '/loadPage'],
});

describe('personal center guard', () => {
  afterEach(() => session.clear());

  it('needs both the session string and the firm id', async () => {
    session.set({ ...PERSONAL, firmId: '' });
    expect((await settleRouter(routes, '/personalCenter/accountInfo')).state.location.pathname).toBe('/login');
  });
});

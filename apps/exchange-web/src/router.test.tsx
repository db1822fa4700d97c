// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { describeRouteMap, sessionInfoFor } from '@tp/web-kit';
import { routes } from './router';
import { session } from './session';

describeRouteMap({ describe, it, expect, afterEach }, { title: 'exchange route map', routes, session, member: sessionInfoFor({ language: 'en' }) }, {
  guarded: { entry: '/user', redirectSearch: '?redirect=%2Fuser' },
  memberPaths: ['/user'],
  publicPaths: ['/', '/login', '/register', '/register/ABCD2345', '/forget'],
});

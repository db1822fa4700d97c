// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { describeRouteMap } from '@tp/web-kit';
import { routes } from './router';
import { session } from './session';
import { STAFF } from './test-support';

describeRouteMap({ describe, it, expect, afterEach }, { title: 'back-office route map', routes, session, member: STAFF }, {
  guarded: { entry: '/firms?q=abc', redirectSearch: '?redirect=%2Ffirms%3Fq%3Dabc' },
  memberPaths: ['/users', '/firms', '/outbox', '/system'],
  publicPaths: ['/login'],
});

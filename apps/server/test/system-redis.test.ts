import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemPath, WS_PATH } from '@tp/contract';
import { buildApp, type App } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { testConfig } from '../src/platform/config';
import { ok } from '../src/platform/http/index';
import { openTestDatabase, redisReachable, REDIS_URL } from './harness';
import { fakeSessions, fakeSuperAdmins, WsClient } from './system-fakes';

const redisUp = await redisReachable();

/** Two server instances over one database and one Redis, as in a scaled-out deployment. */
describe.skipIf(!redisUp)(`two instances sharing Redis (${redisUp ? REDIS_URL : `SKIPPED: no Redis answers at ${REDIS_URL}`})`, () => {
  const limitedPath = `/api/test/limited-${randomUUID()}`;
  const sessions = fakeSessions();
  let instances: App[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    instances = [];
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config: testConfig({ redisUrl: REDIS_URL }), database: opened.database, clock: new ManualClock(new Date()), sessions, staffAccess: fakeSuperAdmins(opened.database) });
      app.http.get(limitedPath, { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ok('fine'));
      await app.http.listen({ port: 0, host: '127.0.0.1' });
      instances.push(app);
    }
  });
  afterAll(async () => {
    await Promise.all(instances.map((a) => a.close()));
    await drop();
  });

  it('counts rate limits across instances', async () => {
    const [a, b] = instances as [App, App];
    expect((await a.http.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200);
    expect((await b.http.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200);
    const third = await a.http.inject({ method: 'GET', url: limitedPath, headers: { 'accept-language': 'en' } });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: '-1029', message: 'Too many attempts, try again later', value: null });
  });

  it("pushes an event committed on one instance to the other instance's sockets", async () => {
    const [a, b] = instances as [App, App];
    const address = b.http.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const watcher = await WsClient.connect(`ws://127.0.0.1:${port}${WS_PATH}`);
    watcher.send({ op: 'subscribe', topics: ['system'], id: 's' });
    await watcher.next({ id: 's', type: 'ack' });

    const staff = sessions.add({ userId: 'admin-r', kind: 'staff' });
    const notice = `redis fan-out ${randomUUID()}`;
    const res = await a.http.inject({ method: 'POST', url: SystemPath.adminSwitches, headers: staff.headers, payload: { upgradeNotice: notice } });
    expect(res.statusCode).toBe(200);

    const push = await watcher.next({ type: 'system', data: { kind: 'switches', switches: { upgrade: false, upgradeNotice: notice, bankFunction: true } } });
    expect(push).toMatchObject({ topic: 'system' });
    watcher.close();
  });
});

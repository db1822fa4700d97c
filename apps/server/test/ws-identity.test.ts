import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WsTopic } from '@tp/contract';
import { appendEvent } from '../src/platform/events/index';
import { createTestApp, type TestContext, listenForWebSockets } from './harness';
import { client, registerByPhone } from './identity-support';
import { WsClient } from './system-fakes';

/** The hub with the identity module's real sessions, as the app wires it. */
let ctx: TestContext;
let url: string;
beforeAll(async () => {
  ctx = await createTestApp();
  url = await listenForWebSockets(ctx.app);
});
afterAll(async () => ctx.close());

describe('WebSocket auth with identity sessions', () => {
  it("authenticates a logged-in user, who then gets their own pushes and cannot subscribe to another's", async () => {
    const alice = await registerByPhone(ctx, client(ctx));
    const bob = await registerByPhone(ctx, client(ctx));
    const socket = await WsClient.connect(url, { headers: { 'accept-language': 'en' } });
    try {
      expect(await socket.request({ op: 'auth', sessionStr: alice.sessionStr, userId: alice.userId, firmId: alice.firmId })).toMatchObject({
        type: 'ack',
        data: { op: 'auth', userId: alice.userId, firmId: alice.firmId },
      });
      expect(await socket.request({ op: 'subscribe', topics: [WsTopic.user(bob.userId)] })).toMatchObject({ type: 'error', code: '-1003' });
      expect(await socket.request({ op: 'subscribe', topics: [WsTopic.user(alice.userId)] })).toMatchObject({ type: 'ack' });

      await appendEvent(ctx.database.db, { type: 'test.notice', topic: WsTopic.user(alice.userId), push: 'order', payload: { hello: 'alice' } });
      await ctx.app.platform.publisher.flush();
      expect(await socket.next({ type: 'order' })).toMatchObject({ topic: `user:${alice.userId}`, seq: 1, data: { hello: 'alice' } });

      // Someone else's session string with Alice's id is refused like any invalid session.
      const forged = await socket.request({ op: 'auth', sessionStr: bob.sessionStr, userId: alice.userId, firmId: alice.firmId });
      expect(forged).toMatchObject({ type: 'error', code: '-10011' });
    } finally {
      socket.close();
    }
  });
});

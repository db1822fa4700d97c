import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthHeader, WsTopic } from '@tp/contract';
import { withTransaction } from '../src/platform/db/index';
import { appendEvent } from '../src/platform/events/index';
import { appWithFakeSessions, WsClient, type FakeSessionApp } from './system-fakes';
import { listenForWebSockets } from './harness';

let ctx: FakeSessionApp;
let url: string;
const clients: WsClient[] = [];

beforeAll(async () => {
  ctx = await appWithFakeSessions();
  url = await listenForWebSockets(ctx.app);
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
afterAll(async () => ctx.close());

async function connect(): Promise<WsClient> {
  const client = await WsClient.connect(url, { headers: { 'accept-language': 'en' } });
  clients.push(client);
  return client;
}

function login(userId: string, firmId: string) {
  const { headers } = ctx.sessions.add({ userId, firmId });
  return { op: 'auth', sessionStr: headers[AuthHeader.sessionStr], userId, firmId };
}

describe('WebSocket hub', () => {
  it('answers ping with pong and refuses malformed messages', async () => {
    const client = await connect();
    expect(await client.request({ op: 'ping' })).toMatchObject({ type: 'pong' });
    client.send('not json');
    expect(await client.next({ type: 'error' })).toEqual({ type: 'error', code: '-1000', message: 'The message is malformed' });
    expect(await client.request({ op: 'subscribe', topics: ['no-such-topic'] })).toMatchObject({ type: 'error', code: '-1000' });
  });

  it('lets anyone subscribe to public topics', async () => {
    const client = await connect();
    const ack = await client.request({ op: 'subscribe', topics: ['system', 'quotation:SR601', 'depth:*'] });
    expect(ack).toMatchObject({ type: 'ack', data: { op: 'subscribe', topics: { system: 0, 'quotation:SR601': 0 } } });
  });

  it("refuses private topics without auth and another user's or firm's topics after auth", async () => {
    const client = await connect();
    expect(await client.request({ op: 'subscribe', topics: ['user:u-alice'] })).toMatchObject({
      type: 'error',
      code: '-1003',
      message: 'You may only subscribe to your own user or firm topics: user:u-alice',
    });

    expect(await client.request(login('u-alice', 'f-alice'))).toMatchObject({ type: 'ack', data: { op: 'auth', userId: 'u-alice', firmId: 'f-alice' } });
    const refused = await client.request({ op: 'subscribe', topics: ['user:u-alice', 'user:u-bob', 'firm:f-bob'] });
    expect(refused).toMatchObject({ type: 'error', code: '-1003', message: 'You may only subscribe to your own user or firm topics: user:u-bob, firm:f-bob' });
    expect(await client.request({ op: 'subscribe', topics: ['user:u-alice', 'firm:f-alice'] })).toMatchObject({ type: 'ack' });
  });

  it('refuses a session the resolver does not know with the session-invalid code', async () => {
    const client = await connect();
    const reply = await client.request({ op: 'auth', sessionStr: 'forged', userId: 'u-alice', firmId: 'f-alice' });
    expect(reply).toMatchObject({ type: 'error', code: '-10011', message: 'Session invalid, please log in again' });
  });

  it("delivers an outbox event to its owner's socket only, with a per-topic sequence", async () => {
    const alice = await connect();
    const bob = await connect();
    await alice.request(login('u-alice2', 'f-alice2'));
    await bob.request(login('u-bob2', 'f-bob2'));
    expect(await alice.request({ op: 'subscribe', topics: [WsTopic.user('u-alice2')] })).toMatchObject({ data: { topics: { 'user:u-alice2': 0 } } });
    await bob.request({ op: 'subscribe', topics: [WsTopic.user('u-bob2')] });

    for (const n of [1, 2]) {
      await withTransaction(ctx.database.db, (tx) =>
        appendEvent(tx, { type: 'spot.order.updated', topic: WsTopic.user('u-alice2'), push: 'order', payload: { orderId: `o${n}` } }),
      );
    }
    // A server-side event on the same topic is not pushed.
    await appendEvent(ctx.database.db, { type: 'spot.order.audited', topic: WsTopic.user('u-alice2'), payload: { internal: true } });
    await ctx.app.platform.publisher.flush();

    expect(await alice.next({ type: 'order', seq: 1 })).toEqual({ type: 'order', topic: 'user:u-alice2', seq: 1, data: { orderId: 'o1' } });
    expect(await alice.next({ type: 'order', seq: 2 })).toMatchObject({ data: { orderId: 'o2' } });
    await alice.request({ op: 'ping' });
    expect(alice.messages.filter((m) => m.topic === 'user:u-alice2')).toHaveLength(2);
    expect(bob.messages.filter((m) => m.type === 'order')).toEqual([]);

    // A late subscriber learns where the sequence stands.
    const again = await connect();
    await again.request(login('u-alice2', 'f-alice2'));
    expect(await again.request({ op: 'subscribe', topics: ['user:u-alice2'] })).toMatchObject({ data: { topics: { 'user:u-alice2': 2 } } });
  });

  it('delivers direct pushes to wildcard subscribers, counting each topic on its own', async () => {
    const client = await connect();
    await client.request({ op: 'subscribe', topics: ['ticker:*', 'ticker:BTCUSDT'] });
    const bus = ctx.app.platform.bus;
    await bus.publish('ticker:BTCUSDT', { type: 'spot.ticker', pushType: 'ticker', payload: { last: '1' } });
    await bus.publish('ticker:ETHUSDT', { type: 'spot.ticker', pushType: 'ticker', payload: { last: '2' } });
    await bus.publish('ticker:BTCUSDT', { type: 'spot.ticker', pushType: 'ticker', payload: { last: '3' } });

    await client.next({ topic: 'ticker:BTCUSDT', seq: 2 });
    await client.request({ op: 'ping' });
    const pushes = client.messages.filter((m) => m.type === 'ticker').map((m) => [m.topic, m.seq]);
    // Subscribed both by wildcard and by name: still one copy per push.
    expect(pushes).toEqual([
      ['ticker:BTCUSDT', 1],
      ['ticker:ETHUSDT', 1],
      ['ticker:BTCUSDT', 2],
    ]);

    await client.request({ op: 'unsubscribe', topics: ['ticker:*', 'ticker:BTCUSDT'] });
    await bus.publish('ticker:BTCUSDT', { type: 'spot.ticker', pushType: 'ticker', payload: { last: '4' } });
    await client.request({ op: 'ping' });
    expect(client.messages.filter((m) => m.type === 'ticker')).toHaveLength(3);
  });

  it('drops private subscriptions when the connection re-authenticates as someone else', async () => {
    const client = await connect();
    await client.request(login('u-carol', 'f-carol'));
    await client.request({ op: 'subscribe', topics: ['user:u-carol', 'system'] });
    await client.request(login('u-dave', 'f-dave'));
    await ctx.app.platform.bus.publish('user:u-carol', { type: 'x', pushType: 'order', payload: {} });
    await ctx.app.platform.bus.publish('system', { type: 'x', pushType: 'system', payload: { still: 'here' } });
    await client.next({ type: 'system' });
    expect(client.messages.filter((m) => m.type === 'order')).toEqual([]);
  });

  it('closes every socket with 1001 when the app shuts down', async () => {
    const client = await connect();
    await client.request({ op: 'subscribe', topics: ['system'] });
    await ctx.app.close();
    expect(await client.closed()).toBe(1001);
  });
});

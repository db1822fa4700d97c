import { EventEmitter } from 'node:events';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInProcessBus } from '../src/platform/events/index';
import { createWsHub, type WsHub } from '../src/platform/ws/index';
import { fakeSessions } from './system-fakes';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Just enough of a ws socket to watch what the hub does with it. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  pings = 0;
  closedWith: number | undefined;
  terminated = false;
  /** A stuck peer never completes the closing handshake. */
  closeCompletes = true;
  readonly sent: Record<string, unknown>[] = [];
  send(frame: string): void {
    this.sent.push(JSON.parse(frame) as Record<string, unknown>);
  }
  ping(): void {
    this.pings++;
  }
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 2;
    if (this.closeCompletes) queueMicrotask(() => this.terminate());
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  receive(message: unknown): void {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

const request = { lang: 'en' } as FastifyRequest;
let hub: WsHub;
let bus: ReturnType<typeof createInProcessBus>;

function connect(): FakeSocket {
  const socket = new FakeSocket();
  hub.accept(socket as unknown as WebSocket, request);
  return socket;
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  bus = createInProcessBus(quiet);
  hub = createWsHub({ bus, sessions: fakeSessions(), logger: quiet, heartbeatMs: 30_000, maxBufferedBytes: 1000, maxTopicsPerConnection: 3 });
});
afterEach(async () => {
  vi.useRealTimers();
  await hub.close();
});

describe('WebSocket hub connections', () => {
  it('pings every heartbeat and drops a connection that stopped answering', async () => {
    const lively = connect();
    const dead = connect();
    await vi.advanceTimersByTimeAsync(30_000);
    expect([lively.pings, dead.pings]).toEqual([1, 1]);
    lively.emit('pong');

    await vi.advanceTimersByTimeAsync(30_000);
    expect(dead.terminated).toBe(true);
    expect(lively.terminated).toBe(false);
    expect(lively.pings).toBe(2);
    expect(hub.stats().connections).toBe(1);
  });

  it('drops a consumer whose send buffer is over the limit instead of queueing without end', async () => {
    const slow = connect();
    const fast = connect();
    for (const s of [slow, fast]) s.receive({ op: 'subscribe', topics: ['depth:SR601'] });
    await settle();

    slow.bufferedAmount = 5000;
    slow.closeCompletes = false;
    await bus.publish('depth:SR601', { type: 'depth', pushType: 'depth', payload: { bids: [] } });

    expect(slow.closedWith).toBe(1013);
    expect(slow.sent.filter((m) => m.type === 'depth')).toEqual([]);
    expect(fast.sent.filter((m) => m.type === 'depth')).toEqual([{ type: 'depth', topic: 'depth:SR601', seq: 1, data: { bids: [] } }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(slow.terminated).toBe(true);
  });

  it('limits the number of topics per connection', async () => {
    const socket = connect();
    socket.receive({ op: 'subscribe', topics: ['system', 'kline:a', 'kline:b', 'kline:c'], id: 'r1' });
    await settle();
    expect(socket.sent).toEqual([{ type: 'error', id: 'r1', code: '-1000', message: 'At most 3 topics may be subscribed' }]);
  });

  it('handles messages in order, so auth then subscribe sent together work', async () => {
    const sessions = fakeSessions();
    const { headers } = sessions.add({ userId: 'u1', firmId: 'f1' });
    await hub.close();
    hub = createWsHub({ bus, sessions, logger: quiet });
    const socket = connect();
    socket.receive({ op: 'auth', sessionStr: headers.sessionstr, userId: 'u1', firmId: 'f1', id: 'a' });
    socket.receive({ op: 'subscribe', topics: ['user:u1'], id: 's' });
    await settle();
    expect(socket.sent.map((m) => [m.id, m.type])).toEqual([
      ['a', 'ack'],
      ['s', 'ack'],
    ]);
  });

  it('counts a topic only while someone listens', async () => {
    const socket = connect();
    await bus.publish('trade:x', { type: 't', pushType: 'trade', payload: 1 });
    socket.receive({ op: 'subscribe', topics: ['trade:x'], id: 's' });
    await settle();
    expect(socket.sent[0]).toMatchObject({ type: 'ack', data: { topics: { 'trade:x': 0 } } });
    await bus.publish('trade:x', { type: 't', pushType: 'trade', payload: 2 });
    expect(socket.sent[1]).toMatchObject({ seq: 1, data: 2 });
  });
});

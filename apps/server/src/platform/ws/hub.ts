import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import {
  DEFAULT_MARKET_ID,
  type Language,
  ResultCode,
  WS_PATH,
  WsClientMessage,
  type WsServerMessage,
} from '@tp/contract';
import type { BusMessage, EventBus } from '../events/index';
import { AppError, INTERNAL_ERROR, type AuthContext, type SessionResolver } from '../http/index';
import { render, text, type LocalizedText } from '../i18n/index';

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface WsHubDeps {
  bus: EventBus;
  sessions: SessionResolver;
  logger: Logger;
  /** Ping interval; a connection that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
  /** A connection whose unsent data exceeds this is too slow to keep up and is dropped. */
  maxBufferedBytes?: number;
  maxTopicsPerConnection?: number;
}

export interface WsHub {
  accept(socket: WebSocket, request: FastifyRequest): void;
  /** Closes every connection with 1001 (going away) and stops listening to the bus. */
  close(): Promise<void>;
  stats(): { connections: number; topics: number };
}

interface Connection {
  socket: WebSocket;
  lang: Language;
  auth: AuthContext | null;
  topics: Set<string>;
  alive: boolean;
  /** Messages are handled one at a time, so `auth` then `subscribe` sent back to back work. */
  queue: Promise<void>;
}

const OPEN = 1;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_TRY_AGAIN_LATER = 1013;

const MALFORMED = text('消息格式不正确', 'The message is malformed', '訊息格式不正確');
const PRIVATE_TOPIC = text(
  '只能订阅本人或本企业的私有主题：{topics}',
  'You may only subscribe to your own user or firm topics: {topics}',
  '只能訂閱本人或本企業的私有主題：{topics}',
);
const TOO_MANY_TOPICS = text('订阅的主题不能超过 {max} 个', 'At most {max} topics may be subscribed', '訂閱的主題不能超過 {max} 個');

function kindOf(topic: string): string {
  const colon = topic.indexOf(':');
  return colon < 0 ? topic : topic.slice(0, colon);
}

function isWildcard(topic: string): boolean {
  return topic.endsWith(':*');
}

function mayRead(auth: AuthContext | null, topic: string): boolean {
  const kind = kindOf(topic);
  if (kind === 'user') return auth !== null && auth.userId === topic.slice(5);
  if (kind === 'firm') return auth !== null && auth.firmId !== '' && auth.firmId === topic.slice(5);
  return true;
}

export function createWsHub(deps: WsHubDeps): WsHub {
  const { sessions, logger } = deps;
  const heartbeatMs = deps.heartbeatMs ?? 30_000;
  const maxBufferedBytes = deps.maxBufferedBytes ?? 1024 * 1024;
  const maxTopics = deps.maxTopicsPerConnection ?? 200;

  const connections = new Set<Connection>();
  const byTopic = new Map<string, Set<Connection>>();
  /** `kind:*` subscribers by kind. */
  const byKind = new Map<string, Set<Connection>>();
  const seqs = new Map<string, number>();

  function indexOf(topic: string): [Map<string, Set<Connection>>, string] {
    return isWildcard(topic) ? [byKind, kindOf(topic)] : [byTopic, topic];
  }

  function add(c: Connection, topic: string): void {
    const [index, key] = indexOf(topic);
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(c);
    c.topics.add(topic);
  }

  function remove(c: Connection, topic: string): void {
    const [index, key] = indexOf(topic);
    const set = index.get(key);
    set?.delete(c);
    if (set?.size === 0) index.delete(key);
    c.topics.delete(topic);
  }

  function recipients(topic: string): Connection[] {
    const exact = byTopic.get(topic);
    const wild = byKind.get(kindOf(topic));
    if (!wild) return exact ? [...exact] : [];
    if (!exact) return [...wild];
    return [...new Set([...exact, ...wild])];
  }

  function send(c: Connection, frame: string): void {
    if (c.socket.readyState !== OPEN) return;
    if (c.socket.bufferedAmount > maxBufferedBytes) {
      logger.warn({ buffered: c.socket.bufferedAmount, topics: c.topics.size }, 'dropping a slow websocket consumer');
      c.socket.close(CLOSE_TRY_AGAIN_LATER, 'slow consumer');
      // The close frame waits behind the unsent data; a consumer that stuck gets cut.
      setTimeout(() => c.socket.terminate(), 5000).unref();
      return;
    }
    c.socket.send(frame);
  }

  function reply(c: Connection, message: WsServerMessage): void {
    send(c, JSON.stringify(message));
  }

  function refuse(c: Connection, id: string | undefined, code: string, message: LocalizedText, params?: Record<string, string | number>): void {
    reply(c, { type: 'error', ...(id ? { id } : {}), code, message: render(message, c.lang, params) });
  }

  function deliver(message: BusMessage): void {
    if (!message.pushType) return;
    const to = recipients(message.topic);
    // Counted only while someone listens: the subscribe ack hands out the baseline.
    if (to.length === 0) return;
    const seq = (seqs.get(message.topic) ?? 0) + 1;
    seqs.set(message.topic, seq);
    const frame = JSON.stringify({ type: message.pushType, topic: message.topic, seq, data: message.payload });
    for (const c of to) send(c, frame);
  }

  function seqsOf(topics: readonly string[]): Record<string, number> {
    const out: Record<string, number> = {};
    for (const topic of topics) {
      if (isWildcard(topic)) {
        const prefix = topic.slice(0, -1);
        for (const [t, s] of seqs) if (t.startsWith(prefix)) out[t] = s;
      } else {
        out[topic] = seqs.get(topic) ?? 0;
      }
    }
    return out;
  }

  async function authenticate(c: Connection, msg: Extract<WsClientMessage, { op: 'auth' }>): Promise<void> {
    let auth: AuthContext;
    try {
      auth = await sessions.resolve({ kind: 'user', sessionStr: msg.sessionStr, userId: msg.userId, firmId: msg.firmId, marketId: DEFAULT_MARKET_ID });
    } catch (err) {
      if (err instanceof AppError) return refuse(c, msg.id, err.code, err.text, err.params);
      logger.error({ err }, 'websocket auth failed');
      return refuse(c, msg.id, ResultCode.internal, INTERNAL_ERROR);
    }
    c.auth = auth;
    c.lang = auth.language;
    // A connection re-authenticated as someone else keeps no earlier owner's private topics.
    for (const topic of [...c.topics]) if (!mayRead(auth, topic)) remove(c, topic);
    reply(c, { type: 'ack', ...(msg.id ? { id: msg.id } : {}), data: { op: 'auth', userId: auth.userId, firmId: auth.firmId } });
  }

  async function handle(c: Connection, msg: WsClientMessage): Promise<void> {
    const id = msg.id ? { id: msg.id } : {};
    switch (msg.op) {
      case 'ping':
        return reply(c, { type: 'pong', ...id });
      case 'auth':
        return authenticate(c, msg);
      case 'subscribe': {
        const refused = msg.topics.filter((t) => !mayRead(c.auth, t));
        if (refused.length > 0) return refuse(c, msg.id, ResultCode.forbidden, PRIVATE_TOPIC, { topics: refused.join(', ') });
        const fresh = new Set(msg.topics.filter((t) => !c.topics.has(t)));
        if (c.topics.size + fresh.size > maxTopics) return refuse(c, msg.id, ResultCode.badRequest, TOO_MANY_TOPICS, { max: maxTopics });
        for (const topic of fresh) add(c, topic);
        return reply(c, { type: 'ack', ...id, data: { op: 'subscribe', topics: seqsOf(msg.topics) } });
      }
      case 'unsubscribe':
        for (const topic of msg.topics) remove(c, topic);
        return reply(c, { type: 'ack', ...id, data: { op: 'unsubscribe', topics: seqsOf(msg.topics) } });
    }
  }

  function onMessage(c: Connection, raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    c.alive = true;
    let parsed: unknown;
    try {
      if (isBinary) throw new Error('binary frame');
      const bytes = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      return refuse(c, undefined, ResultCode.badRequest, MALFORMED);
    }
    const result = WsClientMessage.safeParse(parsed);
    if (!result.success) {
      const id = typeof (parsed as { id?: unknown })?.id === 'string' ? (parsed as { id: string }).id.slice(0, 64) : undefined;
      return refuse(c, id, ResultCode.badRequest, MALFORMED);
    }
    c.queue = c.queue
      .then(() => handle(c, result.data))
      .catch((err: unknown) => logger.error({ err }, 'websocket message handling failed'));
  }

  function forget(c: Connection): void {
    for (const topic of [...c.topics]) remove(c, topic);
    connections.delete(c);
  }

  function heartbeat(): void {
    for (const c of connections) {
      if (!c.alive) {
        c.socket.terminate();
        forget(c);
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
    for (const topic of seqs.keys()) if (recipients(topic).length === 0) seqs.delete(topic);
  }

  const unsubscribeBus = deps.bus.subscribe('*', deliver);
  const ticker = setInterval(heartbeat, heartbeatMs);
  ticker.unref();
  let closed = false;

  return {
    accept(socket, request) {
      if (closed) {
        socket.close(CLOSE_GOING_AWAY, 'server shutting down');
        return;
      }
      const c: Connection = { socket, lang: request.lang ?? 'cn', auth: null, topics: new Set(), alive: true, queue: Promise.resolve() };
      connections.add(c);
      socket.on('message', (raw, isBinary) => onMessage(c, raw, isBinary));
      socket.on('pong', () => {
        c.alive = true;
      });
      socket.on('close', () => forget(c));
      socket.on('error', (err) => logger.warn({ err }, 'websocket error'));
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(ticker);
      unsubscribeBus();
      const closing = [...connections].map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.socket.readyState !== OPEN) return resolve();
            const cut = setTimeout(() => {
              c.socket.terminate();
              resolve();
            }, 2000);
            cut.unref();
            c.socket.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            c.socket.close(CLOSE_GOING_AWAY, 'server shutting down');
          }),
      );
      await Promise.all(closing);
      for (const c of [...connections]) forget(c);
    },
    stats: () => ({ connections: connections.size, topics: byTopic.size + byKind.size }),
  };
}

/** Mounts the hub at `/ws`; clients authenticate with an `auth` message, not headers. */
export function registerWsRoute(http: FastifyInstance, hub: WsHub): void {
  http.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => hub.accept(socket, request));
}

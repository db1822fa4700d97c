import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { WsPushType } from '@tp/contract';

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** What travels on the bus besides the topic. */
export interface EventMessage {
  /** The named event, e.g. `system.switches.changed`. */
  type: string;
  /** Set when WebSocket clients subscribed to the topic should receive the payload as this message type. */
  pushType?: WsPushType | null;
  payload: unknown;
  /** The outbox row id of a durable event; absent for direct (ephemeral) pushes such as market data. */
  eventId?: string | null;
}

export interface BusMessage extends EventMessage {
  topic: string;
}

export type BusHandler = (message: BusMessage) => void;

/**
 * Publishes to every subscriber of every instance. Handlers run synchronously inside `publish` on
 * the in-process bus, so they must not block: start async work and return.
 */
export interface EventBus {
  publish(topic: string, message: EventMessage): Promise<void>;
  /** `*` matches any run of characters: `user:*`, `*`. Returns the unsubscribe function. */
  subscribe(topicPattern: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/** Matches messages to local subscribers; a throwing handler never stops the others. */
class LocalDispatcher {
  private readonly emitter = new EventEmitter();

  constructor(private readonly logger: Logger) {
    this.emitter.setMaxListeners(0);
  }

  subscribe(topicPattern: string, handler: BusHandler): () => void {
    const re = patternToRegExp(topicPattern);
    const listener = (message: BusMessage) => {
      if (!re.test(message.topic)) return;
      try {
        handler(message);
      } catch (err) {
        this.logger.error({ err, topic: message.topic, type: message.type }, 'event handler failed');
      }
    };
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }

  dispatch(message: BusMessage): void {
    this.emitter.emit('message', message);
  }
}

/**
 * One process. Messages are JSON round-tripped so subscribers see exactly what the Redis bus would
 * deliver (dates as strings, no shared objects).
 */
export function createInProcessBus(logger: Logger): EventBus {
  const local = new LocalDispatcher(logger);
  return {
    publish: async (topic, message) => {
      local.dispatch(JSON.parse(JSON.stringify({ ...message, topic })) as BusMessage);
    },
    subscribe: (pattern, handler) => local.subscribe(pattern, handler),
    close: async () => {},
  };
}

export interface RedisBusOptions {
  url: string;
  logger: Logger;
  /** Instances that should hear each other share the channel; tests use their own. */
  channel?: string;
  connectTimeoutMs?: number;
}

/**
 * Several instances: every message goes through one Redis channel, so all instances see all
 * messages in the same order, including the publisher itself (it dispatches only what comes back).
 * Redis pub/sub is at-most-once: a message sent while an instance is reconnecting is lost to it.
 */
export async function createRedisBus(options: RedisBusOptions): Promise<EventBus> {
  const channel = options.channel ?? 'tp:events';
  const timeout = options.connectTimeoutMs ?? 5000;
  const local = new LocalDispatcher(options.logger);
  const publisher = new Redis(options.url, { lazyConnect: true, connectTimeout: timeout, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(options.url, { lazyConnect: true, connectTimeout: timeout });
  for (const [name, client] of [['publisher', publisher], ['subscriber', subscriber]] as const) {
    client.on('error', (err: Error) => options.logger.warn({ err, client: name }, 'redis event bus connection error'));
  }
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch (err) {
      options.logger.warn({ err }, 'malformed message on the event bus');
      return;
    }
    local.dispatch(message);
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (err) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at ${redactUrl(options.url)} is unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    publish: async (topic, message) => {
      await publisher.publish(channel, JSON.stringify({ ...message, topic }));
    },
    subscribe: (pattern, handler) => local.subscribe(pattern, handler),
    close: async () => {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

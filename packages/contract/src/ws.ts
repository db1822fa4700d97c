import { z } from 'zod';

/** The WebSocket endpoint; one connection carries every subscription of a client. */
export const WS_PATH = '/ws';

/** Kinds of data pushed to clients; each push names one in `type`. */
export const WsPushType = z.enum(['quotation', 'auction', 'checkList', 'depth', 'trade', 'kline', 'ticker', 'order', 'otc', 'system', 'verification', 'wallet', 'asset', 'bank', 'chat']);
export type WsPushType = z.infer<typeof WsPushType>;

/** Topic prefixes anyone may subscribe to, e.g. `depth:BTCUSDT`, `quotation:*`. */
export const PUBLIC_TOPIC_KINDS = ['quotation', 'auction', 'checkList', 'depth', 'trade', 'kline', 'ticker', 'otc', 'chat'] as const;
export type PublicTopicKind = (typeof PUBLIC_TOPIC_KINDS)[number];

/**
 * Topic names. Public: `system` and `<kind>:<id>` (or `<kind>:*` for every id of a kind).
 * Private: `user:<userId>` and `firm:<firmId>`, only for the authenticated owner.
 */
export const WsTopic = {
  system: 'system',
  of: (kind: PublicTopicKind, id: string) => `${kind}:${id}`,
  user: (userId: string) => `user:${userId}`,
  firm: (firmId: string) => `firm:${firmId}`,
} as const;

const TOPIC_RE = new RegExp(`^(system|(${PUBLIC_TOPIC_KINDS.join('|')}):([A-Za-z0-9_.-]{1,64}|\\*)|(user|firm):[A-Za-z0-9_-]{1,64})$`);
export const WsTopicName = z.string().regex(TOPIC_RE);

const RequestId = z.string().max(64).optional();

/** What a client sends. */
export const WsClientMessage = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('subscribe'), topics: z.array(WsTopicName).min(1).max(50), id: RequestId }),
  z.strictObject({ op: z.literal('unsubscribe'), topics: z.array(WsTopicName).min(1).max(50), id: RequestId }),
  z.strictObject({
    op: z.literal('auth'),
    sessionStr: z.string().min(1).max(256),
    userId: z.string().max(64),
    firmId: z.string().max(64),
    id: RequestId,
  }),
  z.strictObject({ op: z.literal('ping'), id: RequestId }),
]);
export type WsClientMessage = z.infer<typeof WsClientMessage>;

/**
 * A push. `seq` counts the topic's pushes on the connection's server, one by one: a client that
 * sees a gap, or reconnects, reloads the REST snapshot. The subscribe ack tells the current `seq`
 * of each topic, so pushes already reflected in a snapshot taken after the ack can be told apart.
 */
export const WsPush = z.object({ type: WsPushType, topic: z.string(), seq: z.number().int(), data: z.unknown() });
export type WsPush = z.infer<typeof WsPush>;

export const WsAck = z.object({
  type: z.literal('ack'),
  id: z.string().optional(),
  data: z.union([
    z.object({ op: z.enum(['subscribe', 'unsubscribe']), topics: z.record(z.string(), z.number().int()) }),
    z.object({ op: z.literal('auth'), userId: z.string(), firmId: z.string() }),
  ]),
});
export type WsAck = z.infer<typeof WsAck>;

/** `code` is one of the REST result codes (e.g. -10011 for an invalid session, -1003 forbidden). */
export const WsError = z.object({ type: z.literal('error'), id: z.string().optional(), code: z.string(), message: z.string() });
export type WsError = z.infer<typeof WsError>;

export const WsPong = z.object({ type: z.literal('pong'), id: z.string().optional() });
export type WsPong = z.infer<typeof WsPong>;

export type WsServerMessage = WsPush | WsAck | WsError | WsPong;

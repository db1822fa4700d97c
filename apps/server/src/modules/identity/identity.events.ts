/**
 * What identity tells other server processes. A session change travels straight on the bus, not
 * through the outbox: it is a hint to drop cached rows, sent at once by the process that made the
 * change; a lost one costs at most the cache's two seconds (see `session-cache.ts`).
 */
export const IdentityEvents = {
  /** A session was revoked, or a user changed in a way their sessions must see (disabled, renamed, language). */
  sessionChanged: 'identity.session.changed',
} as const;

/** The bus topic session changes travel on. */
export const IDENTITY_SESSIONS_TOPIC = 'identity.sessions';

import type { EventBus } from '../../platform/events/index';
import { IDENTITY_SESSIONS_TOPIC, IdentityEvents } from './identity.events';
import type { SessionRow, UserRow } from './identity.repo';

/** What a session token resolves to: the session and, for a user session, its user. */
export interface CachedSession {
  session: SessionRow;
  user: UserRow | null;
}

/** How long a looked-up user session is reused before it is read again. */
const TTL_MS = 2_000;
/**
 * After a change to a user or a session, that user's or session's rows are not cached for this
 * long: a lookup that started before the changing transaction committed may have read the old row.
 */
const QUIET_AFTER_CHANGE_MS = 2_000;
const MAX_ENTRIES = 10_000;

/** What changed: one session (revoked), or a user (all sessions revoked, disabled, renamed, language). */
export type SessionChange = { sessionId: number } | { userId: number };

/**
 * Every authenticated request resolves its session; under trading load that was one query per
 * order. Live user sessions are kept here for a couple of seconds, keyed by the token (memory
 * only, never stored). Every write that changes what a session resolves to (revocation, a user
 * disabled, reactivated, renamed or switching language) reports it with `changed`, which drops
 * the rows concerned, so in this process a revoked session is refused at once. Changes are also
 * sent on the event bus (`syncSessionCache`), so other server processes drop the same rows; should
 * a bus message be lost, the TTL bounds how long another process may still accept the session.
 * Expiry and idleness are still checked on every request against the cached row.
 */
export class SessionCache {
  private readonly entries = new Map<string, { value: CachedSession; at: number }>();
  private readonly quiet = new Map<string, number>();
  /** Lookups on their way, by token: requests that arrive meanwhile share one query. */
  private readonly loading = new Map<string, Promise<CachedSession | undefined>>();
  private readonly listeners = new Set<(change: SessionChange) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  get(token: string): CachedSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.now() - entry.at >= TTL_MS) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** Reads through the cache; `load` runs when the token is not cached. */
  async through(token: string, load: () => Promise<CachedSession | undefined>): Promise<CachedSession | undefined> {
    const hit = this.get(token);
    if (hit) return hit;
    // Under trading load many requests with one token arrive together once its entry expires.
    const sharing = this.loading.get(token);
    if (sharing) return sharing;
    const loading = load();
    this.loading.set(token, loading);
    let value: CachedSession | undefined;
    try {
      value = await loading;
    } finally {
      if (this.loading.get(token) === loading) this.loading.delete(token);
    }
    // Only live user sessions are kept: staff sessions are few, and refusals must be re-read.
    if (value && value.session.kind === 'user' && !value.session.revokedAt && value.session.userId !== null && !this.isQuiet(value.session)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(token, { value, at: this.now() });
    }
    return value;
  }

  /** A change made here: dropped locally and told to every listener (the other processes). */
  changed(change: SessionChange): void {
    this.drop(change);
    for (const listener of this.listeners) listener(change);
  }

  onChange(listener: (change: SessionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A change made here or in another process: the rows concerned go and stay out for a while. */
  drop(change: SessionChange): void {
    const key = 'userId' in change ? `u${change.userId}` : `s${change.sessionId}`;
    const now = this.now();
    if (this.quiet.size >= MAX_ENTRIES) for (const [k, until] of this.quiet) if (until <= now) this.quiet.delete(k);
    this.quiet.set(key, now + QUIET_AFTER_CHANGE_MS);
    // A lookup that started before the change may return the old row: later requests read anew.
    this.loading.clear();
    for (const [token, { value }] of this.entries) {
      if ('userId' in change ? value.session.userId === change.userId : value.session.id === change.sessionId) this.entries.delete(token);
    }
  }

  private isQuiet(session: SessionRow): boolean {
    const now = this.now();
    return (this.quiet.get(`u${session.userId}`) ?? 0) > now || (this.quiet.get(`s${session.id}`) ?? 0) > now;
  }
}

/** The process's one session cache, told by every identity write that changes a session's outcome. */
export const sessionCache = new SessionCache();

const isChange = (value: unknown): value is SessionChange =>
  typeof value === 'object' &&
  value !== null &&
  (Number.isSafeInteger((value as { userId?: unknown }).userId) || Number.isSafeInteger((value as { sessionId?: unknown }).sessionId));

/**
 * Sends this process's session changes on the bus and drops what other processes changed. A
 * process also hears its own messages back; dropping twice is harmless. Returns the stop function.
 */
export function syncSessionCache(bus: EventBus, cache: SessionCache = sessionCache): () => void {
  const stopSending = cache.onChange((change) => void bus.publish(IDENTITY_SESSIONS_TOPIC, { type: IdentityEvents.sessionChanged, payload: change }).catch(() => undefined));
  const stopHearing = bus.subscribe(IDENTITY_SESSIONS_TOPIC, (message) => {
    if (isChange(message.payload)) cache.drop(message.payload);
  });
  return () => {
    stopSending();
    stopHearing();
  };
}

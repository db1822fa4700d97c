import type { SessionRow, UserRow } from './identity.repo';

/** What a session token resolves to: the session and, for a user session, its user. */
export interface CachedSession {
  session: SessionRow;
  user: UserRow | null;
}

/** How long a looked-up user session is reused before it is read again. */
const TTL_MS = 2_000;
/**
 * After a change, nothing is cached for this long: a lookup that started before the changing
 * transaction committed may have read the old row and must not keep it.
 */
const QUIET_AFTER_CHANGE_MS = 2_000;
const MAX_ENTRIES = 10_000;

/**
 * Every authenticated request resolves its session; under trading load that was one query per
 * order. Rows are kept here for a couple of seconds, keyed by the token (memory only, never
 * stored). Every write that changes what a session resolves to (revocation, a user disabled,
 * reactivated, renamed or switching language) calls `changed()`, which drops everything, so in
 * this process a revoked session is refused at once; the TTL bounds how long another server
 * process may still accept it. Expiry and idleness are still checked on every request against
 * the cached row.
 */
export class SessionCache {
  private readonly entries = new Map<string, { value: CachedSession; at: number }>();
  private generation = 0;
  private quietUntil = 0;

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

  /** Reads through the cache; `load` runs when the token is not cached (or the cache is quiet after a change). */
  async through(token: string, load: () => Promise<CachedSession | undefined>): Promise<CachedSession | undefined> {
    const hit = this.get(token);
    if (hit) return hit;
    const generation = this.generation;
    const value = await load();
    const at = this.now();
    // Only live user sessions are kept: staff sessions are few, and refusals must be re-read.
    if (value && value.session.kind === 'user' && !value.session.revokedAt && generation === this.generation && at >= this.quietUntil) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(token, { value, at });
    }
    return value;
  }

  changed(): void {
    this.generation += 1;
    this.quietUntil = this.now() + QUIET_AFTER_CHANGE_MS;
    this.entries.clear();
  }
}

/** The process's one session cache, dropped by every identity write that changes a session's outcome. */
export const sessionCache = new SessionCache();

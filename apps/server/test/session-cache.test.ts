import { describe, expect, it } from 'vitest';
import type { CachedSession } from '../src/modules/identity/session-cache';
import { SessionCache, syncSessionCache } from '../src/modules/identity/session-cache';
import { createInProcessBus } from '../src/platform/events/index';

function sessionOf(kind: 'user' | 'staff', revoked = false, id = 1, userId = 7): CachedSession {
  return { session: { id, kind, userId, revokedAt: revoked ? new Date() : null } as CachedSession['session'], user: null };
}

describe('session cache', () => {
  it('reads a live user session once within its lifetime, then again', async () => {
    let now = 10_000;
    const cache = new SessionCache(() => now);
    let reads = 0;
    const load = async () => (reads++, sessionOf('user'));
    await cache.through('t', load);
    await cache.through('t', load);
    expect(reads).toBe(1);
    now += 2_000;
    await cache.through('t', load);
    expect(reads).toBe(2);
  });

  it('answers requests that arrive together with one lookup, and reads anew after a change', async () => {
    const cache = new SessionCache(() => 10_000);
    let reads = 0;
    let finish!: () => void;
    const slow = () => {
      reads++;
      return new Promise<CachedSession>((resolve) => (finish = () => resolve(sessionOf('user'))));
    };
    const together = [cache.through('t', slow), cache.through('t', slow), cache.through('t', slow)];
    expect(reads).toBe(1);
    // A revocation while the lookup is on its way: the next request does not wait for the old read.
    cache.changed({ sessionId: 1 });
    const after = cache.through('t', async () => (reads++, sessionOf('user', true)));
    expect(reads).toBe(2);
    finish();
    const answers = await Promise.all(together);
    expect(answers.every((answer) => answer?.session.revokedAt === null)).toBe(true);
    expect((await after)?.session.revokedAt).not.toBeNull();
  });

  it('keeps no staff or revoked session and nothing read while a change may still be committing', async () => {
    let now = 10_000;
    const cache = new SessionCache(() => now);
    let reads = 0;
    await cache.through('staff', async () => (reads++, sessionOf('staff')));
    await cache.through('staff', async () => (reads++, sessionOf('staff')));
    await cache.through('gone', async () => (reads++, sessionOf('user', true)));
    await cache.through('gone', async () => (reads++, sessionOf('user', true)));
    expect(reads).toBe(4);

    await cache.through('t', async () => sessionOf('user'));
    await cache.through('other', async () => sessionOf('user', false, 2, 8));
    cache.changed({ userId: 7 });
    expect(cache.get('t')).toBeUndefined();
    expect(cache.get('other')).toBeDefined();
    await cache.through('t', async () => (reads++, sessionOf('user')));
    await cache.through('t', async () => (reads++, sessionOf('user')));
    expect(reads).toBe(6);
    now += 2_000;
    await cache.through('t', async () => (reads++, sessionOf('user')));
    await cache.through('t', async () => (reads++, sessionOf('user')));
    expect(reads).toBe(7);
  });

  it('does not keep a row read before a change that lands while the read is under way', async () => {
    const now = 10_000;
    const cache = new SessionCache(() => now);
    let release!: () => void;
    const slow = cache.through('t', () => new Promise<CachedSession>((resolve) => (release = () => resolve(sessionOf('user')))));
    cache.changed({ sessionId: 1 });
    release();
    await slow;
    expect(cache.get('t')).toBeUndefined();
  });
});

describe('session cache across server processes', () => {
  it('a change in one process drops the rows in the others through the event bus', async () => {
    const bus = createInProcessBus({ info: () => undefined, warn: () => undefined, error: () => undefined });
    const here = new SessionCache();
    const there = new SessionCache();
    const stops = [syncSessionCache(bus, here), syncSessionCache(bus, there)];
    await there.through('t', async () => sessionOf('user', false, 5, 9));
    await there.through('other', async () => sessionOf('user', false, 6, 10));
    here.changed({ userId: 9 });
    expect(there.get('t')).toBeUndefined();
    expect(there.get('other')).toBeDefined();
    here.changed({ sessionId: 6 });
    expect(there.get('other')).toBeUndefined();

    // Stopped, a process neither sends nor hears changes.
    for (const stop of stops) stop();
    await there.through('later', async () => sessionOf('user', false, 7, 11));
    here.changed({ userId: 11 });
    expect(there.get('later')).toBeDefined();
  });
});

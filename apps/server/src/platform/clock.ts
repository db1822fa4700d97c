/** Time comes from here so tests can move it (session expiry, code expiry, scheduled jobs). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-05T02:00:00.000Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
}

/** A clock that can be moved forward on purpose (`advance`); the sandbox controls use it. */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function';
}

/**
 * System time plus an offset that only grows: outside production the sandbox moves it forward so
 * deadlines (balance due, invoice due, defaults) can be walked through without waiting days.
 */
export class OffsetClock implements AdjustableClock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    if (ms < 0) throw new Error('the sandbox clock only moves forward');
    this.offsetMs += ms;
  }
  get offsetHours(): number {
    return this.offsetMs / 3_600_000;
  }
}

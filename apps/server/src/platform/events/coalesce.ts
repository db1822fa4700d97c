/** A run that callers share, and how to wait for it. */
export interface Coalesced {
  (): Promise<number>;
  /** Resolves when the run in progress, and the one queued behind it, are over. */
  settled(): Promise<void>;
}

/**
 * Concurrent callers share one run of `work`; a call made during a run gets a fresh run after it
 * (shared with the other calls made meanwhile), so what was committed just before the call is
 * always covered.
 */
export function coalesce(work: () => Promise<number>): Coalesced {
  let current: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const call = (): Promise<number> => {
    if (!current) {
      current = work().finally(() => {
        current = null;
      });
      return current;
    }
    next ??= current.then(() => {
      next = null;
      return call();
    });
    return next;
  };
  return Object.assign(call, {
    async settled() {
      await (next ?? current);
    },
  });
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withChunkTimeout } from './lazyPage';

afterEach(() => {
  vi.useRealTimers();
});

describe('withChunkTimeout', () => {
  it('fails a chunk that has not loaded after 120 s', async () => {
    vi.useFakeTimers();
    let outcome: unknown = 'pending';
    const pending = withChunkTimeout(() => new Promise<never>(() => undefined)).catch((e: unknown) => {
      outcome = e;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(outcome).toBeInstanceOf(ChunkLoadError);
  });

  it('passes a loaded module through', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ Page: 'x' }))).resolves.toEqual({ Page: 'x' });
  });
});

import type { ComponentType } from 'react';

/** The spec's limit on loading a code-split chunk before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor() {
    super(`A page did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkLoadError';
  }
}

/** Rejects with ChunkLoadError when `load` has not settled within the limit. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new ChunkLoadError());
      },
    );
  });
}

type ComponentKey<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/**
 * A route's `lazy` for a page module: `lazy: lazyPage(() => import('./routes/a/b/Page'), 'Page')`.
 * A chunk that fails or takes too long lands in the route's error boundary.
 */
export function lazyPage<M, K extends ComponentKey<M>>(load: () => Promise<M>, name: K) {
  return async (): Promise<{ Component: ComponentType }> => {
    const module = await withChunkTimeout(load);
    return { Component: module[name] as ComponentType };
  };
}

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Node runs antd's CommonJS build for `antd`: web-kit's direct import of the App context must be
    // the same object as the one antd's App provides (see packages/web-kit/src/ui/appContext.ts).
    alias: [{ find: /^antd\/es\/app\/context$/, replacement: 'antd/lib/app/context' }],
  },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/server/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'e2e/**'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Every core: the default leaves one free, which on a two-core machine runs the files one at a time.
    maxWorkers: availableParallelism(),
  },
});

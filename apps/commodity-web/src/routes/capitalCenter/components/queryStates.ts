/** How every capital center page waits, fails and shows nothing: its own texts, the common retry. */
export const CAPITAL_QUERY = {
  keys: { loadFailed: 'capital.loadFailed', retry: 'common.retry', empty: 'capital.empty' },
  testIdPrefix: 'capital',
  skeletonRows: 4,
} as const;

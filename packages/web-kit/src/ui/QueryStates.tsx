import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';

export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * Loading, failed (with retry) or empty; otherwise the list's content. The texts come from the
 * calling app (each words its own sections); `testIdPrefix` names the retry button and empty state.
 */
export function QueryStates({
  query,
  empty,
  texts,
  testIdPrefix,
  skeletonRows,
  children,
}: {
  query: QueryLike;
  empty?: boolean | undefined;
  texts: { loadFailed: string; retry: string; empty: string };
  testIdPrefix: string;
  skeletonRows?: number;
  children: ReactNode;
}) {
  if (query.isPending) return skeletonRows === undefined ? <Skeleton active /> : <Skeleton active paragraph={{ rows: skeletonRows }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={texts.loadFailed}
        extra={
          <Button onClick={() => void query.refetch()} data-testid={`${testIdPrefix}-retry`}>
            {texts.retry}
          </Button>
        }
      />
    );
  if (empty) return <Empty description={texts.empty} data-testid={`${testIdPrefix}-empty`} />;
  return <>{children}</>;
}

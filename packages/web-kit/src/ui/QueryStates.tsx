import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The three texts around a list; `empty` only where the list can be empty. */
export interface QueryStateTexts {
  loadFailed: string;
  retry: string;
  empty?: string;
}

type TextSource =
  /** Texts already worded by the caller. */
  | { texts: QueryStateTexts; keys?: never }
  /**
   * i18n keys in the app's own dictionary: a section name stands for `<section>.loadFailed`,
   * `<section>.retry` and `<section>.empty`, the shape every app's sections share.
   */
  | { keys: string | QueryStateTexts; texts?: never };

export type QueryStatesProps = TextSource & {
  query: QueryLike;
  empty?: boolean | undefined;
  /** Replaces the empty text for lists whose emptiness says something more specific. */
  emptyText?: string | undefined;
  /** Names the loading, error, retry and empty elements; a section name by default. */
  testIdPrefix?: string;
  skeletonRows?: number;
  children: ReactNode;
};

const keysOf = (keys: string | QueryStateTexts): QueryStateTexts =>
  typeof keys === 'string' ? { loadFailed: `${keys}.loadFailed`, retry: `${keys}.retry`, empty: `${keys}.empty` } : keys;

/**
 * The one loading / failed (with retry) / empty wrapper of every app; otherwise the list's content.
 * Each app words its own sections, so the texts come from the caller (worded, or as keys).
 */
export function QueryStates({ query, empty, emptyText, texts, keys, testIdPrefix, skeletonRows, children }: QueryStatesProps) {
  const { t } = useTranslation();
  // Keys belong to the calling app's dictionary, which web-kit's types do not know.
  const translate = t as unknown as (key: string) => string;
  const prefix = testIdPrefix ?? (typeof keys === 'string' ? keys : 'query');

  function text(name: keyof QueryStateTexts): string {
    if (texts) return texts[name] ?? '';
    const key = keysOf(keys)[name];
    return key === undefined ? '' : translate(key);
  }

  if (query.isPending)
    return skeletonRows === undefined ? <Skeleton active data-testid={`${prefix}-loading`} /> : <Skeleton active paragraph={{ rows: skeletonRows }} data-testid={`${prefix}-loading`} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={text('loadFailed')}
        data-testid={`${prefix}-error`}
        extra={
          <Button onClick={() => void query.refetch()} data-testid={`${prefix}-retry`}>
            {text('retry')}
          </Button>
        }
      />
    );
  if (empty) return <Empty description={emptyText ?? text('empty')} data-testid={`${prefix}-empty`} />;
  return <>{children}</>;
}

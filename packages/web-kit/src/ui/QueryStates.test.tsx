// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryStates } from './QueryStates';

const TEXTS = { loadFailed: '加载失败', retry: '重试', empty: '暂无供求信息' };

afterEach(cleanup);

describe('a list while it loads, fails or has no rows', () => {
  it('shows the rows once they have loaded', () => {
    render(
      <QueryStates query={{ isPending: false, isError: false, refetch: () => undefined }} empty={false} texts={TEXTS} testIdPrefix="supply">
        <p>钢材 100 吨</p>
      </QueryStates>,
    );
    expect(screen.getByText('钢材 100 吨')).toBeTruthy();
    expect(screen.queryByTestId('supply-empty')).toBeNull();
  });

  it('says there is nothing yet instead of an empty table', () => {
    render(
      <QueryStates query={{ isPending: false, isError: false, refetch: () => undefined }} empty texts={TEXTS} testIdPrefix="supply">
        <p>钢材 100 吨</p>
      </QueryStates>,
    );
    expect(screen.getByTestId('supply-empty').textContent).toContain('暂无供求信息');
    expect(screen.queryByText('钢材 100 吨')).toBeNull();
  });

  it('offers a retry that loads the list again after a failure', () => {
    const refetch = vi.fn();
    render(
      <QueryStates query={{ isPending: false, isError: true, refetch }} texts={TEXTS} testIdPrefix="product">
        <p>钢材 100 吨</p>
      </QueryStates>,
    );
    expect(screen.getByText('加载失败')).toBeTruthy();
    fireEvent.click(screen.getByTestId('product-retry'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows neither rows nor the empty text while loading', () => {
    render(
      <QueryStates query={{ isPending: true, isError: false, refetch: () => undefined }} empty texts={TEXTS} testIdPrefix="supply">
        <p>钢材 100 吨</p>
      </QueryStates>,
    );
    expect(screen.queryByTestId('supply-empty')).toBeNull();
    expect(screen.queryByText('钢材 100 吨')).toBeNull();
  });
});

describe('texts named by the app dictionary keys', () => {
  it('reads a section name as the section loadFailed, retry and empty keys', () => {
    const refetch = vi.fn();
    render(
      <QueryStates query={{ isPending: false, isError: true, refetch }} keys="listing">
        <p>钢材 100 吨</p>
      </QueryStates>,
    );
    // Without an i18n instance a key reads as itself, which shows which key was asked for.
    expect(screen.getByTestId('listing-error').textContent).toContain('listing.loadFailed');
    expect(screen.getByTestId('listing-retry').textContent).toContain('listing.retry');
  });

  it('takes keys that do not share one section, and a more specific empty text', () => {
    render(
      <QueryStates query={{ isPending: false, isError: false, refetch: () => undefined }} empty keys={{ loadFailed: 'capital.loadFailed', retry: 'common.retry', empty: 'capital.empty' }} emptyText="尚无收货地址" testIdPrefix="capital">
        <p>钢材 100 吨</p>
      </QueryStates>,
    );
    expect(screen.getByTestId('capital-empty').textContent).toContain('尚无收货地址');
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { findSlow as find, openAt, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../test-support';
import { supplyNote } from '../noteFixture';

const NOTE = supplyNote({ noteId: '700002', kind: 'demand', title: '求购热轧卷板', commodityName: '热轧卷板', specifications: 'Q235', price: null, companyName: '王五贸易' });

let calls: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  calls = stubApi((path) => (path === '/api/supply/list' ? reply({ content: [NOTE], total: 25, page: 0, size: 10 }) : undefined));
});

/** What the last request for the board asked for. */
const lastAsked = () => calls.filter((call) => call.path === '/api/supply/list').at(-1)?.body as Record<string, unknown>;

describe('the public supply and demand board', () => {
  it('searches from the first page with the keyword trimmed, and reset clears the filters', async () => {
    openAt('/supplyDemandInfo');
    await find('board-note-700002');
    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await waitFor(() => expect(lastAsked()).toMatchObject({ page: 2 }));

    fireEvent.change(await find('filter-keyword'), { target: { value: '  卷板 ' } });
    fireEvent.click(await find('filter-search'));
    await waitFor(() => expect(lastAsked()).toMatchObject({ keyword: '卷板', page: 0 }));

    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(lastAsked()).toMatchObject({ keyword: '卷板', page: 1 }));
    fireEvent.click(screen.getByRole('button', { name: /^重\s?置$/ }));
    // Back to the unfiltered first page (already fetched, so read from the cache).
    await waitFor(() => expect(document.querySelector('.ant-pagination-item-1')!.classList.contains('ant-pagination-item-active')).toBe(true));
    expect(document.querySelector<HTMLInputElement>('input[data-testid="filter-keyword"], [data-testid="filter-keyword"] input')!.value).toBe('');
  });
});

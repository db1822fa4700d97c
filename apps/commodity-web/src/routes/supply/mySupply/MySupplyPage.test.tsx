// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ENTERPRISE, findSlow as find, logIn, openAt, pickOption, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../test-support';
import { supplyNote } from '../noteFixture';

const REJECTED = supplyNote({ noteId: '700001', title: '出售袋装石膏粉', status: 'F', reason: '图片不清晰', mine: true });

let calls: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  calls = stubApi((path) => (path === '/api/supply/mine' ? reply({ content: [REJECTED], total: 25, page: 0, size: 10 }) : undefined));
  logIn(ENTERPRISE, ['supply.publish']);
});

/** What the last request for the firm's notes asked for. */
const lastAsked = () => calls.filter((call) => call.path === '/api/supply/mine').at(-1)?.body as Record<string, unknown>;

describe('my supply and demand notes', () => {
  it('shows why a note was rejected under its status', async () => {
    openAt('/supplyDemandInfo/mine');
    const row = await find('my-note-700001');
    expect(within(row).getByText('已驳回')).toBeTruthy();
    expect(within(row).getByTestId('note-reason').textContent).toBe('已驳回原因：图片不清晰');
  });

  it('asks again from the first page when a filter changes, with the keyword trimmed', async () => {
    openAt('/supplyDemandInfo/mine');
    await find('my-note-700001');
    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await waitFor(() => expect(lastAsked()).toMatchObject({ page: 2 }));

    await pickOption('mine-filter-status', '已驳回');
    await waitFor(() => expect(lastAsked()).toMatchObject({ status: 'F', page: 0 }));

    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(lastAsked()).toMatchObject({ status: 'F', page: 1 }));
    const keyword = screen.getByPlaceholderText('标题、商品、品牌、规格、公司或地址');
    fireEvent.change(keyword, { target: { value: '  石膏 ' } });
    fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastAsked()).toMatchObject({ status: 'F', keyword: '石膏', page: 0 }));
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MallGoods } from '@tp/contract';
import { findSlow as find, openAt, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../test-support';
import { auctionPhase } from './MallPage';

const GOODS: MallGoods = {
  commodityId: '700001',
  classId: '1',
  className: '粮油副食',
  sellerFirmId: '10002',
  sellerName: '东北粮仓',
  name: '五常大米',
  specs: ['5kg'],
  price: '1059.90',
  stock: 20,
  sold: 7,
  images: [],
  imageIds: [],
  description: '',
  status: 'T',
  reason: '',
  mine: false,
  createdAt: '2026-01-05T02:00:00.000Z',
};

const lot = (itemId: string, status: string, unsold: boolean) => ({ itemId, status, unsold, commodityName: `螺纹钢 ${itemId}`, currentPrice: '3500.00' });

let posted: ApiCall[] = [];
resetAroundEachTest();
beforeEach(() => {
  posted = stubApi((path) => {
    if (path === '/api/mall/classes') return reply([{ classId: '1', name: '粮油副食', sort: 1, enabled: true }]);
    if (path === '/api/mall/goods/list') return reply({ content: [GOODS], total: 1, page: 0, size: 12 });
    return undefined;
  });
});

describe('the mall', () => {
  it('names the auction phases as the spec does: passed-in when unsold, otherwise notice, bidding, ended', () => {
    expect([lot('1', '0', false), lot('2', '1', false), lot('3', '2', false), lot('4', '2', true), lot('5', 'N', false)].map((l) => auctionPhase(l as never))).toEqual(['0', '1', '2', 'unsold', undefined]);
  });

  it('shows goods on sale to a visitor, and searches and filters by class from the first page', async () => {
    openAt('/mall/mall');
    expect((await find('mall-goods-price')).textContent).toBe('¥1,059.90');
    expect((await find('mall-goods-card')).getAttribute('href')).toBe('/mall/productionDetails/700001');
    fireEvent.click(await screen.findByText('粮油副食', { selector: '.ant-tabs-tab-btn' }));
    await waitFor(() => expect(posted.filter((p) => p.path === '/api/mall/goods/list').at(-1)?.body).toEqual({ classId: '1', sort: 'new', page: 0, size: 12 }));
    const search = (await find('mall-search')).querySelector('input')!;
    fireEvent.change(search, { target: { value: '大米' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(posted.filter((p) => p.path === '/api/mall/goods/list').at(-1)?.body).toEqual({ classId: '1', keyword: '大米', sort: 'new', page: 0, size: 12 }));
  });
});

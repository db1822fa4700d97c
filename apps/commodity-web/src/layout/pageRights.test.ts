// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { paths } from '../paths';
import { routes } from '../router';
import { PAGE_RIGHTS, mayOpenPage, openPagesOf, rightsOf } from './pageRights';

const FINANCE = ['capital.view', 'capital.deposit', 'capital.withdraw', 'capital.sign', 'capital.password'];
const TRADER = ['trade.list', 'trade.pick', 'trade.bargain', 'trade.purchase', 'trade.invoice', 'trade.delivery', 'auction.bid', 'contract.sign', 'warehouse.apply', 'warehouse.pickup'];
const holds = (codes: string[]) => (code: string) => codes.includes(code);

/** Every page address under a route, with its handle. */
function pagesUnder(route: RouteObject, prefix: string): { path: string; handle: unknown }[] {
  const here = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
  const own = route.path && !route.children ? [{ path: here, handle: route.handle as unknown }] : [];
  return [...own, ...(route.children ?? []).flatMap((child) => pagesUnder(child, here))];
}

const centerPages = (area: string) => routes.flatMap((route) => pagesUnder(route, '')).filter((page) => page.path.startsWith(`/${area}/`));

describe('center page rights', () => {
  it.each(['sellerCenter', 'buyerCenter', 'matching', 'capitalCenter'])('names the rights of every %s page in the route map', (area) => {
    const pages = centerPages(area);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(rightsOf(page.path), page.path).not.toEqual([]);
      expect(page.handle, page.path).toEqual({ rights: PAGE_RIGHTS[page.path] });
    }
  });

  it('gives finance staff the capital pages only', () => {
    const has = holds(FINANCE);
    expect(openPagesOf(paths.sellerCenter, has)).toEqual([]);
    expect(openPagesOf(paths.buyerCenter, has)).toEqual([]);
    expect(openPagesOf(paths.matching, has)).toEqual([]);
    expect(openPagesOf(paths.capitalCenter, has)).toContain(paths.capitalWithdraw);
  });

  it('gives the trader the publish page but not the shop or the capital pages', () => {
    const has = holds(TRADER);
    expect(mayOpenPage(paths.addResourceOrder, has)).toBe(true);
    expect(mayOpenPage(paths.warehousingApply, has)).toBe(true);
    expect(mayOpenPage(paths.shopManage, has)).toBe(false);
    expect(mayOpenPage(paths.addProduct, has)).toBe(false);
    expect(openPagesOf(paths.capitalCenter, has)).toEqual([]);
  });

  it('asks for the rights the server checks, not the view-only ones', () => {
    // The seller's picks are read with the listing right; offers with the bargaining right.
    expect(mayOpenPage(paths.sellOrderList, holds(['seller.view']))).toBe(false);
    expect(mayOpenPage(paths.sellOrderList, holds(['trade.list']))).toBe(true);
    expect(mayOpenPage(paths.sellerBaojia, holds(['trade.list']))).toBe(false);
    expect(mayOpenPage(paths.sellerBaojia, holds(['trade.bargain']))).toBe(true);
    expect(mayOpenPage(paths.pickGoods, holds(['trade.pick']))).toBe(true);
  });

  it('leads each center to its usual first page when everything is open', () => {
    const all = () => true;
    expect(openPagesOf(paths.sellerCenter, all)[0]).toBe(paths.warehousingApply);
    expect(openPagesOf(paths.buyerCenter, all)[0]).toBe(paths.buyerSpotBuy);
    expect(openPagesOf(paths.matching, all)[0]).toBe(paths.matchingQiugou);
    expect(openPagesOf(paths.capitalCenter, all)[0]).toBe(paths.capitalInfo);
  });
});

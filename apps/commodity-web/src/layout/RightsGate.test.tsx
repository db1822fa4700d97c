// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { SessionInfo } from '@tp/contract';
import { AppProviders, chooseLanguage } from '@tp/web-kit';
import { notifier, queryClient } from '../api/client';
import { i18n } from '../i18n';
import { routes } from '../router';
import { session } from '../session';

const STAFF: SessionInfo = {
  isLogin: true,
  userId: '100005',
  sessionStr: 's-5',
  tel: '13800000005',
  firmId: '10003',
  firmCode: '10000003',
  marketId: '13',
  userType: 'enterprise',
  userCerStatus: '0',
  nickNameStatus: '0',
  highCerStatus: '0',
  isMainAccount: false,
  language: 'cn',
};

const FINANCE = ['capital.view', 'capital.deposit', 'capital.withdraw', 'capital.sign', 'capital.password'];
const TRADER = ['trade.list', 'trade.pick', 'trade.bargain', 'trade.purchase', 'warehouse.apply', 'warehouse.pickup'];

let firmRights: string[] = [];
const calls: string[] = [];

const reply = (value: unknown) =>
  Promise.resolve(new Response(JSON.stringify({ code: '0', message: 'success', value }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
const emptyPage = { content: [], total: 0, page: 0, size: 10 };

beforeEach(async () => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = url.split('?')[0]!;
      calls.push(path);
      if (path === '/api/system/switches') return reply({ upgrade: false, upgradeNotice: '', bankFunction: true });
      if (path === '/api/firm/rights')
        return reply(firmRights.map((rightCode) => ({ rightCode, rightName: rightCode })));
      if (path.includes('commodityTypes')) return reply([]);
      return reply(emptyPage);
    }),
  );
  await chooseLanguage(i18n, 'cn');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  session.clear();
});

// The first visit loads every lazy module of the route chain.
const find = (testId: string) => screen.findByTestId(testId, {}, { timeout: 15_000 });

function logIn(rights: string[]) {
  firmRights = rights;
  session.set(STAFF);
  session.setRights(rights.map((rightCode) => ({ rightCode, rightName: rightCode })));
}

function open(entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('center pages follow the firm rights', () => {
  it('shows finance staff "no access" on the publish page, without its form, its menu entry or its calls', async () => {
    logIn(FINANCE);
    open('/sellerCenter/addResourceOrder');
    expect(await find('forbidden')).toHaveProperty('textContent', expect.stringContaining('无权访问'));
    expect(screen.queryByTestId('listing-menu-addResourceOrder')).toBeNull();
    expect(screen.queryByTestId('warehouse-menu-warehousingApply')).toBeNull();
    expect(calls.filter((path) => path.startsWith('/api/listing') || path.startsWith('/api/warehouse'))).toEqual([]);
  });

  it('shows the warehousing application page "no access" instead of its button and a failed load', async () => {
    logIn(FINANCE);
    open('/sellerCenter/resource/warehousingApply');
    await find('forbidden');
    expect(screen.queryByText('加载失败，请稍后重试')).toBeNull();
    expect(calls.filter((path) => path.startsWith('/api/warehouse'))).toEqual([]);
  });

  it('opens the publish page and its menu entry for the trader', async () => {
    logIn(TRADER);
    open('/sellerCenter/addResourceOrder');
    expect(await find('listing-menu-addResourceOrder')).toBeTruthy();
    expect(screen.queryByTestId('forbidden')).toBeNull();
  });

  it('leads a center address to the first page the rights open', async () => {
    logIn(FINANCE);
    const router = open('/capitalCenter');
    await find('capital-menu-info');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/capitalCenter/info'), { timeout: 15_000 });
  });

  it('shows "no access" at a center address when no page of it opens', async () => {
    logIn(FINANCE);
    const router = open('/buyerCenter');
    await find('forbidden');
    expect(router.state.location.pathname).toBe('/buyerCenter');
  });

  it('keeps the trader out of the capital pages', async () => {
    logIn(TRADER);
    open('/capitalCenter/withdraw');
    await find('forbidden');
    expect(calls.filter((path) => path.startsWith('/api/capital'))).toEqual([]);
  });
});

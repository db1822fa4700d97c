// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ENTERPRISE, findSlow as find, logIn as logInFirm, openAt as open, reply, resetAroundEachTest, stubApi, type ApiCall } from '../test-support';

/** A staff member of the enterprise, not its main account. */
const STAFF = { ...ENTERPRISE, userId: '100005', sessionStr: 's-5', tel: '13800000005', userCerStatus: '0', isMainAccount: false };

const FINANCE = ['capital.view', 'capital.deposit', 'capital.withdraw', 'capital.sign', 'capital.password'];
const TRADER = ['trade.list', 'trade.pick', 'trade.bargain', 'trade.purchase', 'warehouse.apply', 'warehouse.pickup'];

let firmRights: string[] = [];
let requests: ApiCall[] = [];
const calls = () => requests.map((call) => call.path);

resetAroundEachTest();
beforeEach(() => {
  requests = stubApi((path) => {
    if (path === '/api/firm/rights') return reply(firmRights.map((rightCode) => ({ rightCode, rightName: rightCode })));
    if (path.includes('commodityTypes')) return reply([]);
    return undefined;
  });
});

function logIn(rights: string[]) {
  firmRights = rights;
  logInFirm(STAFF, rights);
}

describe('center pages follow the firm rights', () => {
  it('shows finance staff "no access" on the publish page, without its form, its menu entry or its calls', async () => {
    logIn(FINANCE);
    open('/sellerCenter/addResourceOrder');
    expect(await find('forbidden')).toHaveProperty('textContent', expect.stringContaining('无权访问'));
    expect(screen.queryByTestId('listing-menu-addResourceOrder')).toBeNull();
    expect(screen.queryByTestId('warehouse-menu-warehousingApply')).toBeNull();
    expect(calls().filter((path) => path.startsWith('/api/listing') || path.startsWith('/api/warehouse'))).toEqual([]);
  });

  it('shows the warehousing application page "no access" instead of its button and a failed load', async () => {
    logIn(FINANCE);
    open('/sellerCenter/resource/warehousingApply');
    await find('forbidden');
    expect(screen.queryByText('加载失败，请稍后重试')).toBeNull();
    expect(calls().filter((path) => path.startsWith('/api/warehouse'))).toEqual([]);
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
    expect(calls().filter((path) => path.startsWith('/api/capital'))).toEqual([]);
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../paths';
import { ENTERPRISE, findSlow as find, logIn, openAt as open, reply, resetAroundEachTest, stubApi } from '../../test-support';

const SELLER = ['seller.shop', 'auction.publish'];

resetAroundEachTest();
beforeEach(() => {
  stubApi((path) => (path === '/api/firm/rights' ? reply(SELLER.map((rightCode) => ({ rightCode, rightName: rightCode }))) : undefined));
});

describe('the center menus', () => {
  it('show each section’s pages the firm’s rights open, under the section’s heading, and no section with none', async () => {
    logIn({ ...ENTERPRISE, isMainAccount: false }, SELLER);
    open(paths.shopManage);
    expect(await find('product-menu-shopManage')).toHaveProperty('textContent', '店铺管理');
    // The shop is open to the right holder; the product pages (seller.product) are not.
    expect(screen.queryByTestId('product-menu-addProduct')).toBeNull();
    expect(screen.getByTestId('auction-menu-biddingResource')).toBeTruthy();
    // No financing right: no financing heading, no entry.
    expect(screen.queryByTestId('pledge-menu-myPledge')).toBeNull();
    expect(screen.queryByText('融资')).toBeNull();
  });

  it('keep the seller’s sections out of the buyer center', async () => {
    logIn({ ...ENTERPRISE, isMainAccount: false }, [...SELLER, 'auction.bid']);
    open(paths.buyerBiddingBuy);
    expect(await find('auction-menu-biddingBuy')).toBeTruthy();
    expect(screen.queryByTestId('product-menu-shopManage')).toBeNull();
    expect(screen.queryByTestId('auction-menu-biddingResource')).toBeNull();
  });
});

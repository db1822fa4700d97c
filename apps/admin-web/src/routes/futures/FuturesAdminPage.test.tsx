// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FuturesPath, type FuturesListing } from '@tp/contract';
import { logInStaff, renderPage, reply, resetAroundEachTest, stubApi } from '../../test-support';
import { FuturesAdminPage } from './FuturesAdminPage';

resetAroundEachTest();

const LISTING: FuturesListing = {
  listingId: '3',
  code: 'BTC-PERP',
  name: 'BTC 永续',
  symbol: 'BTCUSDT',
  currency: 'USDT',
  status: 'unlisted',
  tickSize: '0.01',
  unit: '0.01',
  marginAlgorithm: 'percent',
  marginCoefficient: '0.1',
  maintenanceRate: '0.5',
  feeAlgorithm: 'percent',
  openFee: '0.0005',
  closeFee: '0.0005',
  minLots: 1,
  maxLots: 100,
  maxPosition: 500,
  priceDifference: '0.5',
  overnightFee: '0.0002',
  allowMarketOpen: true,
  allowMarketClose: true,
  allowStops: true,
  mark: '60000',
  updatedAt: '2026-11-26T06:00:00.000Z',
};

const empty = { content: [], total: 0, page: 0, size: 20 };

describe('the back office’s contract trading page', { timeout: 30_000 }, () => {
  it('creates a listing with its rules and lists it after a confirmation', async () => {
    logInStaff();
    const calls = stubApi((url, body) => {
      if (url.endsWith(FuturesPath.adminListings)) return reply([LISTING]);
      if (url.endsWith(FuturesPath.adminSave)) return reply({ ...LISTING, ...body, listingId: '4' });
      if (url.endsWith(FuturesPath.adminStatus)) return reply({ ...LISTING, status: 'listed' });
      return reply(empty);
    });
    renderPage(<FuturesAdminPage />);
    const table = await screen.findByTestId('futures-listings');
    expect(await within(table).findByText('BTC-PERP')).toBeTruthy();
    expect(within(table).getByText('未上市')).toBeTruthy();

    fireEvent.click(screen.getByTestId('futures-create'));
    fireEvent.change(await screen.findByTestId('futures-name'), { target: { value: 'ETH 永续' } });
    fireEvent.change(screen.getByTestId('futures-code'), { target: { value: 'ETH-PERP' } });
    fireEvent.change(screen.getByTestId('futures-symbol'), { target: { value: 'ETHUSDT' } });
    fireEvent.change(screen.getByTestId('futures-priceDifference'), { target: { value: '0.05' } });
    fireEvent.click(screen.getByTestId('futures-save'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith(FuturesPath.adminSave))?.body).toMatchObject({ name: 'ETH 永续', code: 'ETH-PERP', symbol: 'ETHUSDT', priceDifference: '0.05', marginAlgorithm: 'percent', minLots: 1, maxLots: 100 }));

    fireEvent.click(within(table).getByTestId('futures-list'));
    fireEvent.click(await screen.findByTestId('futures-status-ok'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith(FuturesPath.adminStatus))?.body).toEqual({ listingId: '3', status: 'listed' }));
  });

  it('refuses a listing without its required fields before sending it', async () => {
    logInStaff();
    const calls = stubApi((url) => reply(url.endsWith(FuturesPath.adminListings) ? [] : empty));
    renderPage(<FuturesAdminPage />);
    expect(await within(await screen.findByTestId('futures-listings')).findByText('暂无合约')).toBeTruthy();
    fireEvent.click(screen.getByTestId('futures-create'));
    fireEvent.click(await screen.findByTestId('futures-save'));
    expect(await screen.findByText('请填写合约代码')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith(FuturesPath.adminSave))).toBe(false);
  });

  it('shows the compulsory closings with the loss the risk account bore', async () => {
    logInStaff();
    stubApi((url) => {
      if (url.endsWith(FuturesPath.adminListings)) return reply([LISTING]);
      if (url.endsWith(FuturesPath.adminLiquidations)) return reply({ ...empty, total: 1, content: [{ dealId: '8', userId: '42', code: 'BTC-PERP', side: 'long', lots: 1, price: '53000', realizedPnl: '-70.01', shortfall: '10.009', createdAt: '2026-11-26T06:00:00.000Z' }] });
      return reply(empty);
    });
    renderPage(<FuturesAdminPage />);
    fireEvent.click(await screen.findByText('强制平仓'));
    const table = await screen.findByTestId('futures-liquidations');
    expect(await within(table).findByText('10.009')).toBeTruthy();
    expect(within(table).getByText('-70.01')).toBeTruthy();
  });
});

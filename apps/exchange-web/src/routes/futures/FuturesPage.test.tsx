// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ExchangeAssetPath, FuturesPath, type AssetOverview, type FuturesListing, type FuturesOrder, type FuturesPosition } from '@tp/contract';
import { envelope, loggedInAroundEachTest, renderPage, stubApi } from '../../test-support';
import { FuturesPage } from './FuturesPage';

const LISTING: FuturesListing = {
  listingId: '1',
  code: 'BTC-PERP',
  name: 'BTC perpetual',
  symbol: 'BTCUSDT',
  currency: 'USDT',
  status: 'listed',
  tickSize: '0.01',
  unit: '0.01',
  marginAlgorithm: 'percent',
  marginCoefficient: '0.1',
  maintenanceRate: '0.5',
  feeAlgorithm: 'percent',
  openFee: '0.0005',
  closeFee: '0.0005',
  minLots: 1,
  maxLots: 10,
  maxPosition: 20,
  priceDifference: '1',
  overnightFee: '0.0002',
  allowMarketOpen: true,
  allowMarketClose: true,
  allowStops: true,
  mark: '60000',
  updatedAt: '2026-11-26T06:00:00.000Z',
};

const OVERVIEW: AssetOverview = {
  usdtValue: '2000',
  accounts: [{ accountType: 'contract', usdtValue: '2000', balances: [{ asset: 'USDT', available: '2000', frozen: '0', total: '2000', usdtValue: '2000' }] }],
} as AssetOverview;

const POSITION: FuturesPosition = {
  positionId: '5',
  listingId: '1',
  code: 'BTC-PERP',
  side: 'long',
  lots: 2,
  averagePrice: '60001',
  openPrice: '60001',
  openedAt: '2026-11-26T06:00:00.000Z',
  margin: '120.002',
  mark: '61000',
  floatingPnl: '19.98',
  stopProfit: '',
  stopLoss: '',
  mode: 'market',
};

const FILLED: FuturesOrder = {
  orderId: '9',
  listingId: '1',
  code: 'BTC-PERP',
  side: 'long',
  action: 'open',
  type: 'market',
  lots: 2,
  filledLots: 2,
  price: '0',
  fillPrice: '60001',
  frozenMargin: '120.002',
  frozenFee: '0.60001',
  status: 'filled',
  createdAt: '2026-11-26T06:00:00.000Z',
  updatedAt: '2026-11-26T06:00:00.000Z',
};

const page = (content: unknown[]) => envelope({ content, total: content.length, page: 0, size: 10 });

loggedInAroundEachTest();

function open(positions: FuturesPosition[] = [], more: Parameters<typeof stubApi>[0] = {}) {
  const fetch = stubApi({
    ...more,
    [FuturesPath.listings]: () => envelope([LISTING]),
    [ExchangeAssetPath.overview]: () => envelope(OVERVIEW),
    [FuturesPath.positions]: () => envelope(positions),
    [FuturesPath.orders]: () => page([]),
    [FuturesPath.deals]: () => page([]),
    [FuturesPath.settlements]: () => page([]),
    [FuturesPath.place]: () => envelope(FILLED),
    [FuturesPath.stops]: () => envelope({ ...POSITION, stopLoss: '60000' }),
  });
  renderPage(<FuturesPage />, '/futures', '/futures/:code?');
  return fetch;
}

const bodyOf = (fetch: ReturnType<typeof stubApi>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).endsWith(path)) as unknown as [string, RequestInit] | undefined;
  return call ? (JSON.parse(String(call[1].body)) as Record<string, unknown>) : undefined;
};

describe('the contract trading page', () => {
  it('shows the listing’s information and mark, previews the margin and fee, and opens a position after a confirmation', async () => {
    const fetch = open();
    expect(await screen.findByTestId('futures-mark')).toHaveProperty('textContent', '60000');
    const info = screen.getByTestId('futures-listing-info');
    expect(within(info).getByText('10%')).toBeTruthy();
    expect(within(info).getByText('1 – 10')).toBeTruthy();
    expect(screen.getByTestId('futures-preview').textContent).toContain('2000 USDT');
    expect(await within(screen.getByTestId('futures-positions')).findByText('No positions')).toBeTruthy();

    fireEvent.change(screen.getByTestId('futures-lots'), { target: { value: '2' } });
    // 60000 + 1 at 2 × 0.01: margin 10 % of 1200.02, fee 0.05 %.
    await waitFor(() => expect(screen.getByTestId('futures-preview').textContent).toContain('120.002'));
    expect(screen.getByTestId('futures-preview').textContent).toContain('0.60001');
    fireEvent.click(screen.getByTestId('futures-submit'));
    fireEvent.click(await screen.findByTestId('futures-confirm'));
    await waitFor(() => expect(bodyOf(fetch, FuturesPath.place)).toEqual({ listingId: '1', side: 'long', action: 'open', type: 'market', lots: 2 }));
  });

  it('refuses a quantity outside the listing’s range before sending anything', async () => {
    const fetch = open();
    await screen.findByTestId('futures-mark');
    fireEvent.change(screen.getByTestId('futures-lots'), { target: { value: '11' } });
    fireEvent.click(screen.getByTestId('futures-submit'));
    expect(await screen.findByText('The quantity must be a whole number of lots from 1 to 10')).toBeTruthy();
    expect(bodyOf(fetch, FuturesPath.place)).toBeUndefined();
  });

  it('shows a holding with its floating P&L and sets its stop-loss', async () => {
    const fetch = open([POSITION]);
    const table = await screen.findByTestId('futures-positions');
    expect(await within(table).findByText('19.98')).toBeTruthy();
    fireEvent.click(within(table).getByTestId('futures-set-stops'));
    fireEvent.change(await screen.findByTestId('futures-stops-loss'), { target: { value: '60000' } });
    fireEvent.click(screen.getByTestId('futures-stops-save'));
    await waitFor(() => expect(bodyOf(fetch, FuturesPath.stops)).toEqual({ positionId: '5', stopProfit: '', stopLoss: '60000' }));
  });

  it('asks for the risk disclosure before trading, once', async () => {
    const fetch = open([], {
      '/api/spot/riskDisclosure': () => envelope({ version: '2026-11', accepted: false, acceptedAt: '' }),
      '/api/spot/riskDisclosure/accept': () => envelope({ version: '2026-11', accepted: true, acceptedAt: '2026-11-26T06:00:00.000Z' }),
    });
    fireEvent.click(await screen.findByTestId('risk-accept'));
    await waitFor(() => expect(screen.queryByTestId('risk-accept')).toBeNull());
    expect(bodyOf(fetch, '/api/spot/riskDisclosure/accept')).toEqual({ version: '2026-11' });
  });

  it('says so when no contract is listed', async () => {
    stubApi({ [FuturesPath.listings]: () => envelope([]), [ExchangeAssetPath.overview]: () => envelope(OVERVIEW) });
    renderPage(<FuturesPage />, '/futures', '/futures/:code?');
    expect(await screen.findByText('No contracts are listed')).toBeTruthy();
  });
});

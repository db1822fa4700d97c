// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SpotMarket, SpotOrder } from '@tp/contract';
import { envelope, loggedInAroundEachTest, renderPage, stubApi } from '../../test-support';
import { AccountTabs } from './AccountTabs';

const MARKET: SpotMarket = { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', tickSize: '0.01', lotSize: '0.00001', minNotional: '5', makerFee: '0.001', takerFee: '0.001', status: 'open' };

const order = (fields: Partial<SpotOrder>): SpotOrder => ({
  orderId: '1',
  clientOrderId: 'c1',
  symbol: 'BTCUSDT',
  side: 'sell',
  type: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  price: '60000',
  quantity: '0.04',
  quoteAmount: '0',
  stopPrice: '0',
  waiting: false,
  filledQuantity: '0',
  filledQuote: '0',
  averagePrice: '0',
  fee: '0',
  status: 'new',
  stpMode: 'EXPIRE_TAKER',
  createdAt: '2026-11-26T06:00:00.000Z',
  updatedAt: '2026-11-26T06:00:00.000Z',
  ...fields,
});

loggedInAroundEachTest();

describe('the orders under the chart', () => {
  it('show a loading state, not "No orders", until the open orders have come', async () => {
    stubApi({});
    renderPage(<AccountTabs market={MARKET} />);
    const table = await screen.findByTestId('open-orders');
    expect(table.querySelector('.ant-skeleton')).not.toBeNull();
    expect(within(table).queryByText('No orders')).toBeNull();
  });

  it('say "No orders" once the server answered with none', async () => {
    stubApi({ '/api/spot/orders/open': () => envelope([]) });
    renderPage(<AccountTabs market={MARKET} />);
    expect(await within(await screen.findByTestId('open-orders')).findByText('No orders')).toBeTruthy();
  });

  it('show a market order’s average price, total and fee, a stop order waiting for its price, and why an order expired', async () => {
    stubApi({
      '/api/spot/orders/open': () =>
        envelope([
          order({ orderId: '2', type: 'market', price: '0', quantity: '0.04', filledQuantity: '0.04', filledQuote: '2380', averagePrice: '59500', fee: '2.38', status: 'partially_filled' }),
          order({ orderId: '3', type: 'stop_limit', price: '58900', stopPrice: '59000', trigger: 'down', waiting: true }),
          order({ orderId: '4', status: 'cancelled', endReason: 'stp' }),
        ]),
    });
    renderPage(<AccountTabs market={MARKET} />);
    const table = await screen.findByTestId('open-orders');
    const row = async (id: string) => within((await within(table).findByTestId(`status-${id}`)).closest('tr') as HTMLElement);
    const market = await row('2');
    expect(market.getByText('59,500.00')).toBeTruthy();
    expect(market.getByText('2,380.00')).toBeTruthy();
    expect(market.getByText('2.38000000 USDT')).toBeTruthy();
    const stop = await row('3');
    expect(stop.getByText('Waiting for trigger')).toBeTruthy();
    expect(stop.getByText('≤ 59,000.00')).toBeTruthy();
    expect((await row('4')).getByText('Self-trade prevention: it would have traded with your own order')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SpotMarket } from '@tp/contract';
import { envelope, loggedInAroundEachTest, renderPage, stubApi } from '../../test-support';
import { TradePage } from './TradePage';

// The live stream and the canvas chart need a server and a real browser; the browser journey covers them.
vi.mock('../../api/spot', async (actual) => ({ ...(await actual<Record<string, unknown>>()), useMarketStream: () => undefined }));
vi.mock('./ChartPanel', () => ({ ChartPanel: () => <div data-testid="chart" /> }));

const MARKET: SpotMarket = { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', tickSize: '0.01', lotSize: '0.00001', minNotional: '5', makerFee: '0.001', takerFee: '0.001', status: 'open' };

loggedInAroundEachTest();

const openTerminal = async () => {
  stubApi({ '/api/spot/markets': () => envelope([MARKET]) });
  renderPage(<TradePage />, '/trade/BTCUSDT', '/trade/:symbol');
  return screen.findByTestId('terminal');
};

describe('the terminal’s dark and light themes', () => {
  it('starts dark, switches to light with the toggle and remembers the choice on the next visit', async () => {
    window.localStorage.clear();
    let terminal = await openTerminal();
    expect(terminal.getAttribute('data-theme')).toBe('dark');

    fireEvent.click(within(screen.getByTestId('theme-toggle')).getByText('Light'));
    expect(terminal.getAttribute('data-theme')).toBe('light');

    cleanup();
    terminal = await openTerminal();
    expect(terminal.getAttribute('data-theme')).toBe('light');

    fireEvent.click(within(screen.getByTestId('theme-toggle')).getByText('Dark'));
    expect(terminal.getAttribute('data-theme')).toBe('dark');
    cleanup();
    expect((await openTerminal()).getAttribute('data-theme')).toBe('dark');
  });
});

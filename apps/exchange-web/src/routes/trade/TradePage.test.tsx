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

describe('the handle between the chart and the book', () => {
  const bookWidth = () => screen.getByTestId('terminal-grid').style.getPropertyValue('--ex-book-width');

  it('widens the book when dragged towards the chart, within bounds, and keeps the width on the next visit', async () => {
    window.localStorage.clear();
    await openTerminal();
    expect(bookWidth()).toBe('300px');

    const handle = screen.getByTestId('book-resizer');
    fireEvent.pointerDown(handle, { clientX: 900 });
    fireEvent.pointerMove(window, { clientX: 820 });
    fireEvent.pointerUp(window);
    expect(bookWidth()).toBe('380px');
    // After letting go, moving the pointer no longer resizes.
    fireEvent.pointerMove(window, { clientX: 500 });
    expect(bookWidth()).toBe('380px');

    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(bookWidth()).toBe('360px');
    fireEvent.pointerDown(handle, { clientX: 900 });
    fireEvent.pointerMove(window, { clientX: 0 });
    fireEvent.pointerUp(window);
    expect(bookWidth()).toBe('520px');

    cleanup();
    await openTerminal();
    expect(bookWidth()).toBe('520px');
  });
});

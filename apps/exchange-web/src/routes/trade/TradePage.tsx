import { useState, type CSSProperties } from 'react';
import { Empty, Skeleton, Space, Statistic } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@tp/decimal';
import type { SpotMarket } from '@tp/contract';
import { useMarketStream, useSpotMarkets, useTickers } from '../../api/spot';
import { AccountTabs } from './AccountTabs';
import { ChartPanel } from './ChartPanel';
import { placesOf, showAt } from './format';
import { MarketList } from './MarketList';
import { OrderBookPanel, TradesPanel } from './OrderBookPanel';
import { OrderForm } from './OrderForm';
import { RiskDisclosureModal } from './RiskDisclosureModal';
import { NoticeBar } from '../notice/NoticeBar';
import { TerminalFrame, ThemeToggle, useTerminalMode } from './TerminalTheme';
import { BookResizer, useBookWidth } from './BookResizer';
import './terminal.css';

/**
 * `/trade/:symbol`: the trading terminal, across the whole window: markets on the left, the chart
 * with the order form under it in the middle, the book and the latest trades on the right, the
 * user's orders, trades and funds below; one column on a phone. Everything is live over one WebSocket.
 */
export function TradePage() {
  const { t } = useTranslation();
  const { symbol = 'BTCUSDT' } = useParams();
  const markets = useSpotMarkets();
  const market = markets.data?.find((m) => m.symbol === symbol);
  const [picked, setPicked] = useState<{ price: string; amount: string }>();
  const [mode, setMode] = useTerminalMode();
  const [bookWidth, setBookWidth] = useBookWidth();
  useMarketStream(symbol);

  if (markets.isPending) return <Skeleton active />;
  if (!market) return <Empty description={t('trade.noMarket')} />;

  return (
    <TerminalFrame mode={mode}>
      <RiskDisclosureModal />
      <NoticeBar />
      <div className="ex-terminal-top">
        <TickerBar market={market} />
        <ThemeToggle mode={mode} onChange={setMode} />
      </div>
      <div className="ex-terminal-grid" style={{ '--ex-book-width': `${bookWidth}px` } as CSSProperties} data-testid="terminal-grid">
        <div className="ex-area-markets">
          <MarketList markets={markets.data ?? []} current={symbol} />
        </div>
        <div className="ex-area-chart">
          <ChartPanel market={market} />
        </div>
        <div className="ex-area-form">
          <OrderForm key={symbol} market={market} picked={picked} />
        </div>
        <div className="ex-area-book">
          <BookResizer width={bookWidth} onResize={setBookWidth} />
          <OrderBookPanel market={market} onPick={setPicked} />
          <TradesPanel market={market} />
        </div>
        <div className="ex-area-tabs">
          <AccountTabs market={market} />
        </div>
      </div>
    </TerminalFrame>
  );
}

/** The market's name and its 24-hour figures. */
function TickerBar({ market }: { market: SpotMarket }) {
  const { t } = useTranslation();
  const tickers = useTickers();
  const ticker = tickers.data?.find((tk) => tk.symbol === market.symbol);
  const places = placesOf(market.tickSize);
  const change = ticker ? Decimal.parse(ticker.quotechange) : Decimal.ZERO;
  return (
    <Space size="large" wrap style={{ margin: '0 0 8px' }} data-testid="ticker-bar">
      <h1 className="ex-heading" data-testid="page-heading" style={{ margin: 0 }}>
        {`${market.base}/${market.quote}`}
      </h1>
      <Statistic title={t('trade.lastPrice')} value={ticker ? showAt(ticker.last, places) : '--'} loading={tickers.isPending} valueStyle={{ fontSize: 18 }} />
      <Statistic
        title={t('trade.change24h')}
        value={ticker ? `${change.isPositive() ? '+' : ''}${change.toFixed(2)}%` : '--'}
        loading={tickers.isPending}
        valueStyle={{ fontSize: 18, color: change.isNegative() ? '#f6465d' : '#0ecb81' }}
      />
      <Statistic title={t('trade.high24h')} value={ticker ? showAt(ticker.high, places) : '--'} loading={tickers.isPending} valueStyle={{ fontSize: 18 }} />
      <Statistic title={t('trade.low24h')} value={ticker ? showAt(ticker.low, places) : '--'} loading={tickers.isPending} valueStyle={{ fontSize: 18 }} />
      <Statistic
        title={t('trade.volume24h')}
        value={ticker ? `${showAt(ticker.volume, placesOf(market.lotSize))} ${market.base}` : '--'}
        loading={tickers.isPending}
        valueStyle={{ fontSize: 18 }}
      />
    </Space>
  );
}

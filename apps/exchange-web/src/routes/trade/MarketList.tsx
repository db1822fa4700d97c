import { useState } from 'react';
import { Card, Input, Segmented, Table } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@tp/decimal';
import type { SpotMarket, Ticker24h } from '@tp/contract';
import { useTickers } from '../../api/spot';
import { placesOf, showAt } from './format';

const FAVOURITES_KEY = 'exchange.favouriteMarkets';

function readFavourites(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(FAVOURITES_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Favourite markets, kept in this browser. */
function useFavourites(): [string[], (symbol: string) => void] {
  const [favourites, setFavourites] = useState(readFavourites);
  const toggle = (symbol: string) => {
    const next = favourites.includes(symbol) ? favourites.filter((s) => s !== symbol) : [...favourites, symbol];
    window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify(next));
    setFavourites(next);
  };
  return [favourites, toggle];
}

interface Row {
  market: SpotMarket;
  ticker: Ticker24h | undefined;
}

/** Markets with their last price and 24-hour change; searchable, with favourites. */
export function MarketList({ markets, current }: { markets: SpotMarket[]; current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tickers = useTickers();
  const [search, setSearch] = useState('');
  const [view, setView] = useState<'all' | 'favourites'>('all');
  const [favourites, toggle] = useFavourites();
  const needle = search.trim().toUpperCase();
  const rows: Row[] = markets
    .filter((m) => (needle === '' || `${m.base}/${m.quote}`.includes(needle) || m.symbol.includes(needle)) && (view === 'all' || favourites.includes(m.symbol)))
    .map((market) => ({ market, ticker: tickers.data?.find((tk) => tk.symbol === market.symbol) }));

  return (
    <Card size="small" title={t('trade.markets')}>
      <Input.Search allowClear size="small" placeholder={t('trade.searchMarket')} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="market-search" />
      <Segmented
        size="small"
        style={{ margin: '8px 0' }}
        value={view}
        onChange={(v) => setView(v as 'all' | 'favourites')}
        options={[
          { value: 'all', label: t('trade.allMarkets') },
          { value: 'favourites', label: <span data-testid="favourites-tab">{t('trade.favourites')}</span> },
        ]}
      />
      <Table<Row>
        size="small"
        rowKey={(r) => r.market.symbol}
        pagination={false}
        dataSource={rows}
        loading={tickers.isPending}
        data-testid="market-list"
        locale={{ emptyText: view === 'favourites' ? t('trade.noFavourites') : t('trade.noMarketFound') }}
        onRow={(r) => ({ onClick: () => void navigate(`/trade/${r.market.symbol}`), style: { cursor: 'pointer', fontWeight: r.market.symbol === current ? 600 : undefined } })}
        columns={[
          {
            key: 'star',
            width: 28,
            render: (_: unknown, r) => {
              const on = favourites.includes(r.market.symbol);
              return (
                <span
                  role="button"
                  aria-label={t(on ? 'trade.unfavourite' : 'trade.favourite')}
                  data-testid={`favourite-${r.market.symbol}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    toggle(r.market.symbol);
                  }}
                >
                  {on ? <StarFilled style={{ color: '#f0b90b' }} /> : <StarOutlined />}
                </span>
              );
            },
          },
          { title: t('trade.pair'), key: 'pair', render: (_: unknown, r) => <span data-testid={`market-row-${r.market.symbol}`}>{`${r.market.base}/${r.market.quote}`}</span> },
          { title: t('trade.lastPrice'), key: 'last', align: 'right', render: (_: unknown, r) => (r.ticker ? showAt(r.ticker.last, placesOf(r.market.tickSize)) : '--') },
          {
            title: t('trade.change24h'),
            key: 'change',
            align: 'right',
            render: (_: unknown, r) => {
              if (!r.ticker) return '--';
              const change = Decimal.parse(r.ticker.quotechange);
              return (
                <span style={{ color: change.isNegative() ? '#f6465d' : '#0ecb81' }} data-testid={`change-${r.market.symbol}`}>
                  {`${change.isPositive() ? '+' : ''}${change.toFixed(2)}%`}
                </span>
              );
            },
          },
        ]}
      />
    </Card>
  );
}

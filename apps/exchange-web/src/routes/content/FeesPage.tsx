import { Card, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { mul, normalize } from '@tp/decimal';
import type { ExchangeAsset, SpotMarket } from '@tp/contract';
import { QueryStates } from '@tp/web-kit';
import { useAssetList } from '../../api/assets';
import { useSpotMarkets } from '../../api/spot';

/** A rate as a percentage, exactly: 0.001 → 0.1%. */
export const percent = (rate: string) => `${normalize(mul(rate, '100'))}%`;

/** `/fees`: the trading fees and the deposit and withdrawal rules in force, read from the live settings. */
export function FeesPage() {
  const { t } = useTranslation();
  const markets = useSpotMarkets();
  const assets = useAssetList();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <h1 className="ex-heading" data-testid="page-heading">
        {t('content.fees.title')}
      </h1>
      <Card title={t('content.fees.trading')}>
        <p className="ex-muted">{t('content.fees.tradingText')}</p>
        <QueryStates query={markets} keys="content" testIdPrefix="fees-markets">
          <Table<SpotMarket>
            data-testid="fee-markets"
            rowKey="symbol"
            pagination={false}
            dataSource={markets.data ?? []}
            columns={[
              { title: t('content.fees.symbol'), dataIndex: 'symbol', render: (_: string, m) => `${m.base}/${m.quote}` },
              { title: t('content.fees.maker'), dataIndex: 'makerFee', render: percent },
              { title: t('content.fees.taker'), dataIndex: 'takerFee', render: percent },
              { title: t('content.fees.minNotional'), dataIndex: 'minNotional', render: (v: string, m) => `${normalize(v)} ${m.quote}` },
            ]}
          />
        </QueryStates>
      </Card>
      <Card title={t('content.fees.withdrawal')}>
        <p className="ex-muted">{t('content.fees.depositFree')}</p>
        <QueryStates query={assets} keys="content" testIdPrefix="fees-assets">
          <Table<ExchangeAsset>
            data-testid="fee-assets"
            rowKey="code"
            pagination={false}
            dataSource={assets.data ?? []}
            columns={[
              { title: t('content.fees.asset'), dataIndex: 'code' },
              { title: t('content.fees.minDeposit'), dataIndex: 'minDeposit' },
              { title: t('content.fees.minWithdraw'), dataIndex: 'minWithdraw' },
              { title: t('content.fees.withdrawFee'), dataIndex: 'withdrawFee' },
            ]}
          />
        </QueryStates>
      </Card>
    </Space>
  );
}

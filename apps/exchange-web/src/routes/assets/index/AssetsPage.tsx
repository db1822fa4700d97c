import { useState } from 'react';
import { Alert, Button, Card, Skeleton, Space, Statistic, Table, Tabs } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_ACCOUNT_TYPES, type AssetBalance, type ExchangeAccountType } from '@tp/contract';
import { useAssetList, useAssetOverview } from '../../../api/assets';
import { paths } from '../../../paths';
import { showAmount, showUsdt } from '../amounts';
import { TransferModal } from './TransferModal';

/** `/assets`: each account type's balances per asset, the valuation in USDT, and transfers. */
export function AssetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const assets = useAssetList();
  const overview = useAssetOverview();
  const [type, setType] = useState<ExchangeAccountType>('spot');
  const [transfer, setTransfer] = useState<{ asset: string; from: ExchangeAccountType } | null>(null);
  const precisionOf = (code: string) => assets.data?.find((a) => a.code === code)?.precision ?? 8;
  const account = overview.data?.accounts.find((a) => a.accountType === type);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('assets.title')}</h1>} extra={
          <Space>
            <Link to={paths.records}>{t('wallet.records')}</Link>
            <Link to={paths.assetFlow}>{t('assets.flowLink')}</Link>
            <Link to={paths.addresses}>{t('wallet.book.title')}</Link>
          </Space>
        }
      >
        {overview.isError ? <Alert type="error" showIcon message={t('assets.loadFailed')} /> : null}
        {overview.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Space size={48} wrap>
            <Statistic title={t('assets.totalValue')} value={showUsdt(overview.data?.usdtValue)} suffix="USDT" data-testid="total-value" />
            {overview.data?.accounts.map((a) => (
              <Statistic key={a.accountType} title={t(`assets.account.${a.accountType}`)} value={showUsdt(a.usdtValue)} suffix="USDT" />
            ))}
          </Space>
        )}
      </Card>
      <Card>
        <Tabs
          activeKey={type}
          onChange={(key) => setType(key as ExchangeAccountType)}
          items={EXCHANGE_ACCOUNT_TYPES.map((key) => ({ key, label: <span data-testid={`tab-${key}`}>{t(`assets.account.${key}`)}</span> }))}
        />
        <Table<AssetBalance>
          data-testid="balances-table"
          rowKey="asset"
          loading={overview.isPending}
          dataSource={account?.balances ?? []}
          pagination={false}
          // On a phone the columns scroll inside the card rather than widen the page.
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('assets.asset'), dataIndex: 'asset' },
            { title: t('assets.available'), dataIndex: 'available', align: 'right', render: (v: string, row) => showAmount(v, precisionOf(row.asset)) },
            { title: t('assets.frozen'), dataIndex: 'frozen', align: 'right', render: (v: string, row) => showAmount(v, precisionOf(row.asset)) },
            { title: t('assets.total'), dataIndex: 'total', align: 'right', render: (v: string, row) => showAmount(v, precisionOf(row.asset)) },
            { title: t('assets.value'), dataIndex: 'usdtValue', align: 'right', render: (v: string) => `≈ ${showUsdt(v)}` },
            {
              title: t('assets.actions'),
              key: 'actions',
              render: (_, row) => (
                <Space size={4}>
                  {type === 'spot' ? (
                    <>
                      <Button size="small" type="primary" onClick={() => void navigate(`${paths.deposit}?asset=${row.asset}`)} data-testid={`deposit-${row.asset}`}>
                        {t('wallet.deposit')}
                      </Button>
                      <Button size="small" onClick={() => void navigate(`${paths.withdraw}?asset=${row.asset}`)} data-testid={`withdraw-${row.asset}`}>
                        {t('wallet.withdraw')}
                      </Button>
                    </>
                  ) : null}
                  <Button size="small" onClick={() => setTransfer({ asset: row.asset, from: type })} data-testid={`transfer-${row.asset}`}>
                    {t('assets.transfer.title')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {transfer ? (
        <TransferModal open onClose={() => setTransfer(null)} assets={assets.data ?? []} overview={overview.data} initial={transfer} />
      ) : null}
    </Space>
  );
}

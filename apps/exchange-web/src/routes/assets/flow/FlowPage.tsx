import { Card, DatePicker, Select, Space, Table, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_ACCOUNT_TYPES, type ExchangeAccountType } from '@tp/contract';
import { useAssetFlow, useAssetList } from '../../../api/assets';
import { showAmount } from '../amounts';
import { flowLines, type FlowLine } from './flowLines';

const PAGE_SIZE = 10;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `/assets/flow`: the financial log of one account, filtered by asset and dates, the filters kept in the address. */
export function FlowPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const assets = useAssetList();
  const accountType = (EXCHANGE_ACCOUNT_TYPES as readonly string[]).includes(params.get('account') ?? '') ? (params.get('account') as ExchangeAccountType) : 'spot';
  const asset = params.get('asset') ?? undefined;
  const from = DAY.test(params.get('from') ?? '') ? (params.get('from') ?? undefined) : undefined;
  const to = DAY.test(params.get('to') ?? '') ? (params.get('to') ?? undefined) : undefined;
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const flow = useAssetFlow({ accountType, asset, from, to, page: page - 1, size: PAGE_SIZE });
  const precisionOf = (code: string) => assets.data?.find((a) => a.code === code)?.precision ?? 8;

  function set(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  }

  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('assets.flow.title')}</h1>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          value={accountType}
          style={{ width: 160 }}
          onChange={(value) => set({ account: value })}
          options={EXCHANGE_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`assets.account.${type}`) }))}
          data-testid="flow-account"
        />
        <Select
          allowClear
          value={asset}
          placeholder={t('assets.flow.allAssets')}
          style={{ width: 140 }}
          onChange={(value?: string) => set({ asset: value })}
          options={(assets.data ?? []).map((a) => ({ value: a.code, label: a.code }))}
        />
        <DatePicker.RangePicker
          onChange={(_, [start, end]) => set({ from: start || undefined, to: end || undefined })}
          allowEmpty={[true, true]}
        />
      </Space>
      <Table<FlowLine>
        data-testid="flow-table"
        rowKey="key"
        loading={flow.isFetching}
        dataSource={flowLines(flow.data?.content ?? [])}
        locale={{ emptyText: t('assets.flow.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: flow.data?.total ?? 0, showSizeChanger: false, onChange: (next) => set({ page: String(next) }) }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('assets.flow.time'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
          { title: t('assets.flow.type'), dataIndex: 'typeKey', render: (v: string) => <Tag>{t(`assets.flow.types.${v}`, { defaultValue: t('assets.flow.otherType') })}</Tag> },
          { title: t('assets.asset'), dataIndex: 'asset' },
          {
            title: t('assets.flow.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (v: string, row) => <span style={{ color: v.startsWith('-') ? '#f6465d' : '#0ecb81' }}>{showAmount(v, precisionOf(row.asset))}</span>,
          },
          {
            title: t('assets.flow.balance'),
            dataIndex: 'balanceAfter',
            align: 'right',
            render: (v: string | undefined, row) => (v === undefined ? t('assets.flow.feeFromHold') : showAmount(v, precisionOf(row.asset))),
          },
        ]}
      />
    </Card>
  );
}

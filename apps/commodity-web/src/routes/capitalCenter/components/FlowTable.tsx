import { useState } from 'react';
import { DatePicker, Radio, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMMODITY_JOURNAL_TYPES, type LedgerFlowEntry, type LedgerFlowKind, type LedgerFlowMode } from '@tp/contract';
import { useCapitalFlow } from '../../../api/bank';
import { formatMoney, formatSignedMoney } from '../amount';
import { flowMemoText, flowTypeText } from './flowText';
import { CAPITAL_QUERY } from './queryStates';
import { QueryStates } from '@tp/web-kit';

/** Account flow (available) or frozen flow: today's (current) or earlier days' (history), filtered and paged. */
export function FlowTable({ kind }: { kind: LedgerFlowKind }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LedgerFlowMode>('current');
  const [range, setRange] = useState<[string, string] | null>(null);
  const [type, setType] = useState<string | undefined>();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const query = useCapitalFlow({ kind, mode, page, size, ...(type ? { type } : {}), ...(mode === 'history' && range ? { from: range[0], to: range[1] } : {}) });
  const typeLabel = (value: string): string => flowTypeText(t, value);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Radio.Group
          value={mode}
          optionType="button"
          onChange={(e) => {
            setMode(e.target.value as LedgerFlowMode);
            setPage(0);
          }}
          options={[
            { value: 'current', label: t('capital.flow.current') },
            { value: 'history', label: t('capital.flow.history') },
          ]}
        />
        {mode === 'history' && (
          <DatePicker.RangePicker
            onChange={(_, texts) => {
              setRange(texts[0] && texts[1] ? [texts[0], texts[1]] : null);
              setPage(0);
            }}
          />
        )}
        <Select
          allowClear
          placeholder={t('capital.field.flowType')}
          style={{ width: 160 }}
          value={type}
          onChange={(v: string | undefined) => {
            setType(v);
            setPage(0);
          }}
          options={COMMODITY_JOURNAL_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
        />
      </Space>
      <QueryStates {...CAPITAL_QUERY} query={query}>
        <Table<LedgerFlowEntry>
          rowKey="id"
          size="small"
          data-testid={`flow-table-${kind}`}
          dataSource={query.data?.content ?? []}
          locale={{ emptyText: t('capital.empty') }}
          pagination={{ current: page + 1, pageSize: size, total: query.data?.total ?? 0, showSizeChanger: true, onChange: (p, s) => (setPage(p - 1), setSize(s)) }}
          columns={[
            { title: t('capital.field.createdAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            { title: t('capital.field.flowType'), dataIndex: 'type', render: (v: string) => typeLabel(v) },
            { title: t('capital.field.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatSignedMoney(v) },
            { title: t('capital.field.balanceAfter'), dataIndex: 'balanceAfter', align: 'right', render: (v: string) => formatMoney(v) },
            { title: t('capital.field.description'), dataIndex: 'description', render: (_: string, row) => flowMemoText(t, row) },
          ]}
        />
      </QueryStates>
    </Space>
  );
}

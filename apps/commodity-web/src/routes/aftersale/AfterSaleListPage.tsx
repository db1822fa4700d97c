import { useState } from 'react';
import { Segmented, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { QueryStates, formatMoney } from '@tp/web-kit';
import type { AfterSaleRequestView } from '@tp/contract';
import { SectionCard, pagination } from '../../layout/SectionPage';
import { useAfterSaleList } from './api';
import { AfterSaleRequestCard, AfterSaleStatusTag } from './AfterSalePanel';

const SIZE = 10;

/** `/afterSale`: the firm's returns and exchanges, as buyer or as seller; a row opens to the request and its actions. */
export function AfterSaleListPage() {
  const { t } = useTranslation();
  const [side, setSide] = useState<'buyer' | 'seller'>('buyer');
  const [page, setPage] = useState(0);
  const list = useAfterSaleList({ side, page, size: SIZE });
  const columns: ColumnsType<AfterSaleRequestView> = [
    { title: t('aftersale.fields.requestId'), dataIndex: 'requestId' },
    { title: t('aftersale.fields.order'), render: (_, r) => `${t(`aftersale.kind.${r.kind}`)} ${r.orderId}` },
    { title: t('aftersale.fields.title'), dataIndex: 'title' },
    { title: t('aftersale.fields.type'), render: (_, r) => t(`aftersale.type.${r.type}`) },
    { title: t('aftersale.fields.amount'), render: (_, r) => (r.type === 'return' ? formatMoney(r.amount) : '-') },
    { title: t('aftersale.fields.status'), render: (_, r) => <AfterSaleStatusTag status={r.status} /> },
    { title: t('aftersale.fields.createdAt'), render: (_, r) => new Date(r.createdAt).toLocaleString() },
  ];
  return (
    <SectionCard title={t('aftersale.listTitle')}>
      <Segmented<'buyer' | 'seller'>
        data-testid="aftersale-side"
        style={{ marginBottom: 16 }}
        value={side}
        onChange={(v) => {
          setSide(v);
          setPage(0);
        }}
        options={(['buyer', 'seller'] as const).map((v) => ({ value: v, label: t(`aftersale.side.${v}`) }))}
      />
      <QueryStates keys="aftersale" skeletonRows={4} query={list} empty={list.data?.total === 0}>
        <Table<AfterSaleRequestView>
          size="small"
          rowKey="requestId"
          scroll={{ x: true }}
          columns={columns}
          dataSource={list.data?.content ?? []}
          pagination={pagination(page, SIZE, list.data?.total ?? 0, setPage)}
          expandable={{ expandedRowRender: (r) => <AfterSaleRequestCard request={r} />, expandRowByClick: true }}
          onRow={(r) => ({ 'data-testid': 'aftersale-row', 'data-request': r.requestId }) as object}
        />
      </QueryStates>
    </SectionCard>
  );
}

import { Button, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates, loginPathFor, useSession } from '@tp/web-kit';
import type { SupplyKind, SupplyListRequest, SupplyNote } from '@tp/contract';
import { useSupplyBoard } from '../../../api/supply';
import { CommodityTypeSelect, FilterButtons } from '../../../layout/filters';
import { paths } from '../../../paths';
import { useListFilters } from '../../components/useListFilters';
import { KindTag, NoteImage, SIZE, SupplyCard, pagination, usePriceText } from '../shared';

interface Filters {
  kind?: SupplyKind;
  commodityTypeId?: string;
  keyword?: string;
}

/** `/supplyDemandInfo`: approved notes of every firm, pinned first; readable without logging in. */
export function SupplyBoardPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [form] = Form.useForm<Filters>();
  const { filters, page, setPage, replace } = useListFilters<Filters>();
  const query: SupplyListRequest = { ...filters, page, size: SIZE };
  const board = useSupplyBoard(query);
  const priceText = usePriceText();
  const apply = (values: Filters) => {
    replace({ kind: values.kind, commodityTypeId: values.commodityTypeId, keyword: values.keyword?.trim() || undefined });
  };
  return (
    <SupplyCard
      title={t('supply.title')}
      extra={
        <Link to={isLoggedIn ? paths.supplyDemandMine : loginPathFor(paths.supplyDemandMine, paths.login)} data-testid="supply-mine-link">
          <Button type="primary">{t('supply.actions.mine')}</Button>
        </Link>
      }
    >
      <Form form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="kind">
          <Select
            allowClear
            placeholder={t('supply.filters.allKinds')}
            style={{ width: 140 }}
            data-testid="filter-kind"
            options={(['supply', 'demand'] as const).map((k) => ({ value: k, label: t(`supply.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="commodityTypeId">
          <CommodityTypeSelect placeholder={t('supply.filters.allCommodities')} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('supply.filters.keywordHint')} style={{ width: 280 }} maxLength={40} data-testid="filter-keyword" />
        </Form.Item>
        <FilterButtons
          searchLabel={t('supply.filters.search')}
          resetLabel={t('supply.filters.reset')}
          onReset={() => {
            form.resetFields();
            apply({});
          }}
        />
      </Form>
      <QueryStates keys="supply" skeletonRows={4} query={board} empty={board.data?.total === 0}>
        <List<SupplyNote>
          itemLayout="vertical"
          dataSource={board.data?.content ?? []}
          pagination={pagination(page, SIZE, board.data?.total ?? 0, setPage)}
          renderItem={(note) => (
            <List.Item key={note.noteId} data-testid={`board-note-${note.noteId}`} extra={<NoteImage note={note} width={160} />}>
              <List.Item.Meta
                title={
                  <Space wrap>
                    <KindTag kind={note.kind} />
                    {note.topAt && <Tag color="red">{t('supply.pinned')}</Tag>}
                    <Link to={paths.supplyDemandDetails(note.noteId)} data-testid="board-note-title">
                      {note.title}
                    </Link>
                  </Space>
                }
                description={`${note.commodityName}${note.brand ? ` · ${note.brand}` : ''}${note.specifications ? ` · ${note.specifications}` : ''}`}
              />
              <Space wrap size="large">
                <Typography.Text strong data-testid="board-note-price">
                  {priceText(note)}
                </Typography.Text>
                <span>{`${t('supply.fields.weight')}：${note.weight} ${note.weightUnit}`}</span>
                <span>{note.companyName}</span>
                <span>{note.address}</span>
                <Typography.Text type="secondary">{new Date(note.createdAt).toLocaleDateString()}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </QueryStates>
    </SupplyCard>
  );
}

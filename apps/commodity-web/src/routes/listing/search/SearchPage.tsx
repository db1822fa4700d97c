import { useState } from 'react';
import { Button, Form, Input, Select, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCommodityTypes } from '../../../api/warehouse';
import { MarketBoard } from '../components/MarketBoard';
import { readSearch, writeSearch, type SearchState } from '../logic';
import { ListingCard } from '../shared';

/** `/search`: one commodity and text across resources and purchase requests; both are kept for the session. */
export function SearchPage() {
  const { t } = useTranslation();
  const types = useCommodityTypes();
  const [form] = Form.useForm<SearchState>();
  const [state, setState] = useState<SearchState>(() => readSearch());
  const run = (values: SearchState) => {
    const next = { commodityTypeId: values.commodityTypeId || undefined, text: values.text?.trim() || undefined };
    writeSearch(next);
    setState(next);
  };
  const filters = { commodityTypeId: state.commodityTypeId, keyword: state.text };
  const key = `${state.commodityTypeId ?? ''}|${state.text ?? ''}`;
  return (
    <ListingCard title={t('listing.menu.search')}>
      <Form form={form} layout="inline" initialValues={state} onFinish={run} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="commodityTypeId">
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('listing.filters.allCommodities')} style={{ width: 160 }} loading={types.isPending} data-testid="search-commodity" options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))} />
        </Form.Item>
        <Form.Item name="text">
          <Input allowClear placeholder={t('listing.filters.searchText')} style={{ width: 320 }} maxLength={60} data-testid="search-text" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="search-submit">
            {t('listing.actions.search')}
          </Button>
        </Space>
      </Form>
      <Tabs
        items={[
          { key: 'resources', label: t('listing.search.resources'), children: <MarketBoard key={`s${key}`} kind="sell" initial={filters} showFilters={false} /> },
          { key: 'purchases', label: t('listing.search.purchases'), children: <MarketBoard key={`p${key}`} kind="purchase" initial={filters} showFilters={false} /> },
        ]}
      />
    </ListingCard>
  );
}

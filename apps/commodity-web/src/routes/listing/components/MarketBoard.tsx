import { useState } from 'react';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginPathFor, useSession } from '@tp/web-kit';
import type { ListingDetail } from '@tp/contract';
import { useMarket, usePurchases } from '../../../api/listing';
import { useCommodityTypes, useStorages } from '../../../api/warehouse';
import { paths } from '../../../paths';
import { MARKET_SORTS, listingActions, marketQuery, priceUnitOf, type ListingAction, type MarketFilters } from '../logic';
import { FilterForm, PriceText, SIZE, StateTag } from '../shared';
import { PagedTable } from '../../components/PagedTable';
import { useListFilters } from '../../components/useListFilters';
import { commodityColumn, weightColumn } from '../../components/columns';
import { BargainModal, PickModal, SellToModal, useAllBuy } from './ListingModals';

const ACTION_ID: Record<ListingAction, string> = { pick: 'pick-open', allBuy: 'allBuy-open', sellTo: 'sellTo-open', bargain: 'bargain-open', cancel: 'listing-cancel', top: 'listing-top' };

/**
 * The public board of open listings: sell listings (`sell`) or purchase requests (`purchase`), with
 * filters, sorting and paging; pinned listings come first (the server orders them).
 */
export function MarketBoard({ kind, initial = {}, showFilters = true }: { kind: 'sell' | 'purchase'; initial?: MarketFilters; showFilters?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { isLoggedIn, hasRight } = useSession();
  const [form] = Form.useForm<MarketFilters>();
  const { filters, page, setPage, replace: apply } = useListFilters<MarketFilters>(initial);
  const [picking, setPicking] = useState<ListingDetail | null>(null);
  const [selling, setSelling] = useState<ListingDetail | null>(null);
  const [offering, setOffering] = useState<ListingDetail | null>(null);
  const allBuy = useAllBuy();
  const commodityTypeId = Form.useWatch('commodityTypeId', form);
  const types = useCommodityTypes();
  const storages = useStorages();
  // The sell board shows sell orders only; purchase requests have their own board.
  const query = { ...marketQuery(filters, page, SIZE), ...(kind === 'sell' ? { bsFlag: 'S' as const } : {}) };
  const market = useMarket(query, kind === 'sell');
  const purchases = usePurchases(query, kind === 'purchase');
  const board = kind === 'sell' ? market : purchases;
  const type = types.data?.find((c) => c.commodityTypeId === commodityTypeId);
  const detailPath = (id: string) => (kind === 'sell' ? paths.resourceDetails(id) : paths.purchaseDetails(id));

  const act = (action: ListingAction, listing: ListingDetail) => {
    if (action === 'pick') setPicking(listing);
    else if (action === 'allBuy') allBuy(listing);
    else if (action === 'sellTo') setSelling(listing);
    else if (action === 'bargain') setOffering(listing);
  };
  const columns: ColumnsType<ListingDetail> = [
    {
      title: t('listing.fields.listingId'),
      render: (_, r) => (
        <Space size={4}>
          {r.topAt && <Tag color="red">{t('listing.pinned')}</Tag>}
          <Link to={detailPath(r.listingId)} data-testid="market-detail">
            {r.listingId}
          </Link>
        </Space>
      ),
    },
    { title: t('listing.fields.type'), render: (_, r) => `${t(`listing.type.${r.type as 'X'}`, { defaultValue: r.type })} · ${t(`listing.source.${r.source as 'W'}`, { defaultValue: r.source })}` },
    commodityColumn(t('listing.fields.commodity')),
    { title: t('listing.fields.origin'), render: (_, r) => r.origin || '-' },
    ...(kind === 'sell' ? [{ title: t('listing.fields.storage'), render: (_: unknown, r: ListingDetail) => r.storageName ?? '-' }] : []),
    { title: t('listing.fields.unitPrice'), render: (_, r) => <PriceText price={r.price} unit={priceUnitOf(r.type, r)} testId="market-price" /> },
    { title: t('listing.fields.remaining'), render: (_, r) => <span data-testid="market-remaining">{`${r.remaining} ${r.unit}`}</span> },
    weightColumn(t('listing.fields.weight')),
    { title: t('listing.fields.status'), render: (_, r) => <StateTag group="listingStatus" code={r.status} /> },
    {
      title: t('listing.fields.actions'),
      render: (_, r) => {
        if (r.mine || r.status !== 'O') return null;
        if (!isLoggedIn)
          return (
            <Button size="small" onClick={() => void navigate(loginPathFor(pathname + search, paths.login))} data-testid="market-login">
              {t('listing.actions.login')}
            </Button>
          );
        return (
          <Space wrap>
            {listingActions(r, hasRight).map((action) => (
              <Button key={action} size="small" type={action === 'bargain' ? 'default' : 'primary'} onClick={() => act(action, r)} data-testid={ACTION_ID[action]}>
                {t(`listing.actions.${action}`)}
              </Button>
            ))}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      {showFilters && (
        <FilterForm form={form} initialValues={initial} onSearch={apply} searchTestId="filter-search">
          <Form.Item name="commodityTypeId">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('listing.filters.allCommodities')}
              style={{ width: 150 }}
              loading={types.isPending}
              data-testid="filter-commodity"
              onChange={() => form.setFieldsValue({ gradeId: undefined, origin: undefined, storageId: undefined })}
              options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))}
            />
          </Form.Item>
          <Form.Item name="gradeId">
            <Select allowClear disabled={!type} placeholder={t('listing.filters.allGrades')} style={{ width: 130 }} data-testid="filter-grade" options={(type?.grades ?? []).map((g) => ({ value: g.gradeId, label: g.gradeName }))} />
          </Form.Item>
          <Form.Item name="origin">
            {type && type.origins.length > 0 ? (
              <Select allowClear placeholder={t('listing.filters.origin')} style={{ width: 130 }} data-testid="filter-origin" options={type.origins.map((o) => ({ value: o.name, label: o.name }))} />
            ) : (
              <Input allowClear placeholder={t('listing.filters.origin')} style={{ width: 130 }} maxLength={60} data-testid="filter-origin" />
            )}
          </Form.Item>
          {kind === 'sell' && (
            <Form.Item name="storageId">
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('listing.filters.allStorages')} style={{ width: 160 }} loading={storages.isPending} data-testid="filter-storage" options={(storages.data?.content ?? []).filter((s) => !commodityTypeId || s.commodityTypeIds.includes(commodityTypeId)).map((s) => ({ value: s.storageId, label: s.name }))} />
            </Form.Item>
          )}
          <Form.Item name="priceMin">
            <Input allowClear placeholder={t('listing.filters.priceMin')} style={{ width: 110 }} data-testid="filter-priceMin" />
          </Form.Item>
          <Form.Item name="priceMax">
            <Input allowClear placeholder={t('listing.filters.priceMax')} style={{ width: 110 }} data-testid="filter-priceMax" />
          </Form.Item>
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('listing.filters.keyword')} style={{ width: 140 }} maxLength={60} data-testid="filter-keyword" />
          </Form.Item>
          <Form.Item name="sort">
            <Select placeholder={t('listing.fields.sort')} style={{ width: 150 }} data-testid="filter-sort" options={MARKET_SORTS.map((s) => ({ value: s, label: t(`listing.sort.${s}`) }))} />
          </Form.Item>
        </FilterForm>
      )}
      <PagedTable<ListingDetail> section="listing" query={board} paging={{ page, setPage }} rowKey="listingId" rowData={(row) => ({ 'data-testid': `market-row-${row.listingId}`, 'data-type': row.type })} columns={columns} />
      {/* A visitor is sent to login instead: the dialogs read the firm's own data. */}
      {isLoggedIn && (
        <>
          <PickModal listing={picking} onClose={() => setPicking(null)} />
          <SellToModal listing={selling} onClose={() => setSelling(null)} />
          <BargainModal listing={offering} onClose={() => setOffering(null)} />
        </>
      )}
    </>
  );
}

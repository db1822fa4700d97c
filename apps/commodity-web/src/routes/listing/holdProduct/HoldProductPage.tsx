import { Button, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates, useSession } from '@tp/web-kit';
import type { Holding } from '@tp/contract';
import { paths } from '../../../paths';
import { HoldingsCard } from '../../warehouse/components/HoldingsCard';
import { useHeldHoldings } from '../components/HoldingSelect';
import { ListingCard } from '../shared';

function ListableHoldings() {
  const { t } = useTranslation();
  const holdings = useHeldHoldings();
  return (
    <ListingCard title={t('listing.menu.holdProduct')}>
      <QueryStates keys="listing" skeletonRows={4} query={holdings.query} empty={holdings.content.length === 0}>
        <Table<Holding>
          rowKey="holdId"
          size="small"
          scroll={{ x: true }}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          dataSource={holdings.content}
          onRow={(row) => ({ 'data-testid': `listable-holding-${row.holdId}` }) as object}
          columns={[
            { title: t('listing.fields.holdId'), dataIndex: 'holdId' },
            { title: t('listing.fields.commodity'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
            { title: t('listing.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
            { title: t('listing.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
            { title: t('listing.fields.storage'), dataIndex: 'storageName' },
            {
              title: t('listing.fields.actions'),
              render: (_, r) => (
                <Link to={`${paths.addResourceOrder}?holdId=${r.holdId}`} data-testid="holding-list">
                  <Button size="small" type="primary">
                    {t('listing.actions.listIt')}
                  </Button>
                </Link>
              ),
            },
          ]}
        />
      </QueryStates>
    </ListingCard>
  );
}

/**
 * `/matching/holdProduct`: held goods that can be listed (with "list it"), above every holding of
 * the firm with its pickup action from the warehouse pages.
 */
export function HoldProductPage() {
  const { hasRight } = useSession();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {hasRight('trade.list') && <ListableHoldings />}
      <HoldingsCard titleKey="holdProduct" />
    </Space>
  );
}

import { Button, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates, useSession } from '@tp/web-kit';
import type { Holding } from '@tp/contract';
import { paths } from '../../../paths';
import { HoldingsCard } from '../../warehouse/components/HoldingsCard';
import { useHeldHoldings } from '../components/HoldingSelect';
import { commodityColumn, quantityColumn, weightColumn } from '../../components/columns';
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
            commodityColumn(t('listing.fields.commodity')),
            quantityColumn(t('listing.fields.quantity')),
            weightColumn(t('listing.fields.weight')),
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

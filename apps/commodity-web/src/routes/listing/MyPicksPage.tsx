import { useState } from 'react';
import { App, Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingPick } from '@tp/contract';
import { usePickAction, usePicks } from '../../api/listing';
import { ListingCard, Loaded, pagination } from './shared';

const SIZE = 10;

/** `/buyerCenter/purchase/spotOrder`: the buyer's picks; one awaiting confirmation can be cancelled. */
export function MyPicksPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [page, setPage] = useState(0);
  const picks = usePicks({ side: 'buyer', page, size: SIZE });
  const cancel = usePickAction('cancelPick');
  return (
    <ListingCard title={t('listing.menu.myPicks')}>
      <Loaded query={picks} empty={picks.data?.total === 0}>
        <Table<ListingPick>
          rowKey="pickId"
          size="small"
          scroll={{ x: true }}
          dataSource={picks.data?.content ?? []}
          pagination={pagination(page, SIZE, picks.data?.total ?? 0, setPage)}
          onRow={(row) => ({ 'data-testid': `buyer-pick-${row.pickId}`, 'data-status': row.status }) as object}
          columns={[
            { title: t('listing.fields.pickId'), dataIndex: 'pickId' },
            { title: t('listing.fields.listingId'), dataIndex: 'listingId' },
            { title: t('listing.fields.commodity'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
            { title: t('listing.fields.price'), dataIndex: 'price' },
            { title: t('listing.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
            { title: t('listing.fields.amount'), render: (_, r) => <span data-testid="pick-amount">{r.amount}</span> },
            { title: t('listing.fields.status'), render: (_, r) => <Tag data-testid="pick-status">{t(`listing.pickStatus.${r.status as 'W'}`)}</Tag> },
            { title: t('listing.fields.payStatus'), render: (_, r) => t(`listing.payStatus.${r.payStatus as 'W'}`) },
            { title: t('listing.fields.createdAt'), render: (_, r) => new Date(r.createdAt).toLocaleString() },
            {
              title: t('listing.fields.actions'),
              render: (_, r) =>
                r.status === 'W' ? (
                  <Button
                    size="small"
                    danger
                    data-testid="pick-cancel"
                    onClick={() =>
                      modal.confirm({
                        title: t('listing.confirm.cancelPick', { pickId: r.pickId }),
                        okButtonProps: { 'data-testid': 'pick-cancel-ok' },
                        onOk: () => cancel.mutateAsync(r.pickId).then(() => void message.success(t('listing.done'))),
                      })
                    }
                  >
                    {t('listing.actions.cancelPick')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Loaded>
    </ListingCard>
  );
}

import { useState } from 'react';
import { App, Button, Form, Input, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@tp/web-kit';
import type { Listing } from '@tp/contract';
import { useMarket, usePick } from '../../api/listing';
import { paths } from '../../paths';
import { ListingCard, Loaded, amountOf, pagination, useListingRules } from './shared';

const SIZE = 10;

function PickModal({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const rule = useListingRules();
  const [form] = Form.useForm<{ quantity: string }>();
  const quantity = Form.useWatch('quantity', form);
  const pick = usePick();
  const amount = listing ? amountOf(listing.price, quantity) : '';
  async function submit() {
    if (!listing) return;
    const values = await form.validateFields();
    modal.confirm({
      title: t('listing.confirm.pick', { quantity: `${values.quantity} ${listing.unit}`, amount: amountOf(listing.price, values.quantity) }),
      okButtonProps: { 'data-testid': 'pick-confirm-ok' },
      onOk: () =>
        pick.mutateAsync({ listingId: listing.listingId, quantity: values.quantity }).then(() => {
          void message.success(t('listing.done'));
          form.resetFields();
          onClose();
        }),
    });
  }
  return (
    <Modal open={listing !== null} title={t('listing.actions.pick')} onCancel={onClose} onOk={() => void submit()} confirmLoading={pick.isPending} okButtonProps={{ 'data-testid': 'pick-submit' }} destroyOnHidden>
      {listing && <p data-testid="pick-available">{t('listing.available', { quantity: `${listing.remaining} ${listing.unit}` })}</p>}
      <Form form={form} layout="vertical">
        <Form.Item name="quantity" label={t('listing.fields.quantity')} rules={rule('quantity', listing?.remaining)}>
          <Input data-testid="field-pick-quantity" />
        </Form.Item>
      </Form>
      {amount && <p data-testid="pick-amount">{t('listing.amountPreview', { amount })}</p>}
    </Modal>
  );
}

/** `/ResourceDocuments/ResourceDocuments`: every firm's open spot listings, readable without logging in. */
export function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn, hasRight } = useSession();
  const [page, setPage] = useState(0);
  const [target, setTarget] = useState<Listing | null>(null);
  const market = useMarket({ page, size: SIZE });
  return (
    <ListingCard title={t('listing.menu.market')}>
      <Loaded query={market} empty={market.data?.total === 0}>
        <Table<Listing>
          rowKey="listingId"
          size="small"
          scroll={{ x: true }}
          dataSource={market.data?.content ?? []}
          pagination={pagination(page, SIZE, market.data?.total ?? 0, setPage)}
          onRow={(row) => ({ 'data-testid': `market-row-${row.listingId}` }) as object}
          columns={[
            { title: t('listing.fields.listingId'), dataIndex: 'listingId' },
            { title: t('listing.fields.commodity'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
            { title: t('listing.fields.price'), dataIndex: 'price' },
            { title: t('listing.fields.remaining'), render: (_, r) => <span data-testid="market-remaining">{`${r.remaining} ${r.unit}`}</span> },
            { title: t('listing.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
            { title: t('listing.fields.status'), render: (_, r) => <Tag>{t(`listing.listingStatus.${r.status as 'O'}`)}</Tag> },
            {
              title: t('listing.fields.actions'),
              render: (_, r) =>
                r.mine || r.status !== 'O' ? null : !isLoggedIn ? (
                  <Button size="small" onClick={() => void navigate(paths.login)}>
                    {t('listing.actions.login')}
                  </Button>
                ) : hasRight('trade.pick') ? (
                  <Button size="small" type="primary" onClick={() => setTarget(r)} data-testid="pick-open">
                    {t('listing.actions.pick')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Loaded>
      <PickModal listing={target} onClose={() => setTarget(null)} />
    </ListingCard>
  );
}

import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Listing, ListingPick } from '@tp/contract';
import { useCancelListing, useCreateListing, useMyListings, usePickAction, usePicks } from '../../api/listing';
import { useCommodityTypes, useHoldings } from '../../api/warehouse';
import { ListingCard, Loaded, pagination, useListingRules } from './shared';

const SIZE = 10;

interface CreateForm {
  holdId: string;
  price: string;
  quantity: string;
  weight: string;
  openTicketDay: string;
  autoRevoke: boolean;
}

function CreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const rule = useListingRules();
  const [form] = Form.useForm<CreateForm>();
  const holdId = Form.useWatch('holdId', form);
  const holdings = useHoldings({ status: '0', page: 0, size: 100 });
  const types = useCommodityTypes();
  const create = useCreateListing();
  const holding = holdings.data?.content.find((h) => h.holdId === holdId);
  async function submit() {
    const values = await form.validateFields();
    if (!holding) return;
    // The holding view names its goods; the listing carries the catalogue's ids for them.
    const type = types.data?.find((c) => c.name === holding.commodityName);
    const grade = type?.grades.find((g) => g.gradeName === holding.gradeName);
    if (!type || !grade) {
      form.setFields([{ name: 'holdId', errors: [t('listing.rules.catalog')] }]);
      return;
    }
    modal.confirm({
      title: t('listing.confirm.create', { quantity: `${values.quantity} ${holding.unit}`, price: values.price }),
      okButtonProps: { 'data-testid': 'listing-create-ok' },
      onOk: () =>
        create
          .mutateAsync({
            holdId: holding.holdId,
            commodityTypeId: type.commodityTypeId,
            gradeId: grade.gradeId,
            price: values.price,
            quantity: values.quantity,
            weight: values.weight,
            openTicketDay: Number(values.openTicketDay),
            autoRevoke: values.autoRevoke,
          })
          .then(() => {
            void message.success(t('listing.done'));
            form.resetFields();
            onClose();
          }),
    });
  }
  return (
    <Modal open={open} title={t('listing.actions.create')} onCancel={onClose} onOk={() => void submit()} confirmLoading={create.isPending} okButtonProps={{ 'data-testid': 'listing-submit' }} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ openTicketDay: '3', autoRevoke: false }}>
        <Form.Item name="holdId" label={t('listing.fields.holdId')} rules={rule('holdId')}>
          <Select
            data-testid="field-holdId"
            loading={holdings.isPending}
            options={(holdings.data?.content ?? []).map((h) => ({ value: h.holdId, label: `${h.holdId} · ${h.commodityName} ${h.gradeName} · ${h.quantity} ${h.unit} / ${h.weight} ${h.weightUnit} · ${h.storageName}` }))}
          />
        </Form.Item>
        {holding && <p data-testid="listing-holding-available">{t('listing.holdingAvailable', { quantity: `${holding.quantity} ${holding.unit} / ${holding.weight} ${holding.weightUnit}` })}</p>}
        <Form.Item name="price" label={t('listing.fields.price')} rules={rule('price')}>
          <Input data-testid="field-price" />
        </Form.Item>
        <Form.Item name="quantity" label={t('listing.fields.quantity')} rules={rule('quantity', holding?.quantity)}>
          <Input data-testid="field-quantity" />
        </Form.Item>
        <Form.Item name="weight" label={t('listing.fields.weight')} rules={rule('weight', holding?.weight)}>
          <Input data-testid="field-weight" />
        </Form.Item>
        <Form.Item name="openTicketDay" label={t('listing.fields.openTicketDay')} rules={rule('openTicketDay')}>
          <Input data-testid="field-openTicketDay" />
        </Form.Item>
        <Form.Item name="autoRevoke" valuePropName="checked">
          <Checkbox data-testid="field-autoRevoke">{t('listing.fields.autoRevoke')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SellerPicks() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [page, setPage] = useState(0);
  const picks = usePicks({ side: 'seller', page, size: SIZE });
  const confirm = usePickAction('confirmPick');
  const refuse = usePickAction('refusePick');
  const ask = (action: 'confirmPick' | 'refusePick', pick: ListingPick) =>
    modal.confirm({
      title: t(`listing.confirm.${action}`, { pickId: pick.pickId, amount: pick.amount }),
      okButtonProps: { 'data-testid': `${action}-ok` },
      onOk: () => (action === 'confirmPick' ? confirm : refuse).mutateAsync(pick.pickId).then(() => void message.success(t('listing.done'))),
    });
  return (
    <Loaded query={picks} empty={picks.data?.total === 0}>
      <Table<ListingPick>
        rowKey="pickId"
        size="small"
        scroll={{ x: true }}
        dataSource={picks.data?.content ?? []}
        pagination={pagination(page, SIZE, picks.data?.total ?? 0, setPage)}
        onRow={(row) => ({ 'data-testid': `seller-pick-${row.pickId}`, 'data-status': row.status }) as object}
        columns={[
          { title: t('listing.fields.pickId'), dataIndex: 'pickId' },
          { title: t('listing.fields.listingId'), dataIndex: 'listingId' },
          { title: t('listing.fields.commodity'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
          { title: t('listing.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
          { title: t('listing.fields.amount'), dataIndex: 'amount' },
          { title: t('listing.fields.fee'), dataIndex: 'fee' },
          { title: t('listing.fields.status'), render: (_, r) => <Tag data-testid="pick-status">{t(`listing.pickStatus.${r.status as 'W'}`)}</Tag> },
          { title: t('listing.fields.payStatus'), render: (_, r) => t(`listing.payStatus.${r.payStatus as 'W'}`) },
          {
            title: t('listing.fields.actions'),
            render: (_, r) =>
              r.status === 'W' ? (
                <Space>
                  <Button size="small" type="primary" onClick={() => ask('confirmPick', r)} data-testid="pick-confirm">
                    {t('listing.actions.confirm')}
                  </Button>
                  <Button size="small" danger onClick={() => ask('refusePick', r)} data-testid="pick-refuse">
                    {t('listing.actions.refuse')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
    </Loaded>
  );
}

/** `/sellerCenter/resource/spotResource`: the seller's spot listings and the picks on them. */
export function MyListingsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const listings = useMyListings({ page, size: SIZE });
  const cancel = useCancelListing();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <ListingCard
        title={t('listing.menu.myListings')}
        extra={
          <Button type="primary" onClick={() => setCreating(true)} data-testid="listing-create">
            {t('listing.actions.create')}
          </Button>
        }
      >
        <Loaded query={listings} empty={listings.data?.total === 0}>
          <Table<Listing>
            rowKey="listingId"
            size="small"
            scroll={{ x: true }}
            dataSource={listings.data?.content ?? []}
            pagination={pagination(page, SIZE, listings.data?.total ?? 0, setPage)}
            onRow={(row) => ({ 'data-testid': `my-listing-${row.listingId}`, 'data-status': row.status }) as object}
            columns={[
              { title: t('listing.fields.listingId'), dataIndex: 'listingId' },
              { title: t('listing.fields.commodity'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
              { title: t('listing.fields.price'), dataIndex: 'price' },
              { title: t('listing.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
              { title: t('listing.fields.remaining'), render: (_, r) => <span data-testid="listing-remaining">{`${r.remaining} ${r.unit}`}</span> },
              { title: t('listing.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
              { title: t('listing.fields.status'), render: (_, r) => <Tag data-testid="listing-status">{t(`listing.listingStatus.${r.status as 'O'}`)}</Tag> },
              {
                title: t('listing.fields.actions'),
                render: (_, r) =>
                  r.status === 'O' ? (
                    <Button
                      size="small"
                      danger
                      data-testid="listing-cancel"
                      onClick={() =>
                        modal.confirm({
                          title: t('listing.confirm.cancel', { listingId: r.listingId }),
                          okButtonProps: { 'data-testid': 'listing-cancel-ok' },
                          onOk: () => cancel.mutateAsync(r.listingId).then(() => void message.success(t('listing.done'))),
                        })
                      }
                    >
                      {t('listing.actions.cancel')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </Loaded>
      </ListingCard>
      <ListingCard title={t('listing.sellerPicks')}>
        <SellerPicks />
      </ListingCard>
      <CreateModal open={creating} onClose={() => setCreating(false)} />
    </Space>
  );
}

import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '@tp/web-kit';
import { MALL_RULES, PRODUCT_PRICE_PATTERN, type MallGoods } from '@tp/contract';
import { useMallClasses, useMallOffShelf, useMyMallGoods, useSaveMallGoods, useUploadMallImage } from '../../../../api/mall';
import { PictureUpload, UploadPrompt } from '../../../../layout/images';
import { MallCard, MallGoodsStatusTag, MallImage, money, pagination } from '../../shared';

const SIZE = 10;

interface Values {
  classId: string;
  name: string;
  specs: string[];
  price: string;
  stock: number;
  images: string[];
  description?: string;
}

function ImagesField({ value = [], onChange, existing }: { value?: string[]; onChange?: (ids: string[]) => void; existing: Record<string, string> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadMallImage();
  const [local, setLocal] = useState<Record<string, string>>({});
  return (
    <Space wrap data-testid="mall-field-images">
      {value.map((id) => (
        <div key={id} style={{ textAlign: 'center' }}>
          {local[id] ? <img src={local[id]} alt="" style={{ width: 96, height: 96, objectFit: 'cover' }} /> : <MallImage thumbUrl={existing[id]} alt="" width={96} />}
          <div>
            <Button size="small" type="link" danger onClick={() => onChange?.(value.filter((v) => v !== id))}>
              ×
            </Button>
          </div>
        </div>
      ))}
      {value.length < MALL_RULES.maxImages && (
        <PictureUpload
          section="product"
          upload={upload}
          onError={(m) => void message.error(m)}
          onUploaded={(id, preview) => {
            setLocal((m) => ({ ...m, [id]: preview }));
            onChange?.([...value, id]);
          }}
          testId="mall-image-upload"
        >
          <UploadPrompt label={t('mall.sell.upload')} />
        </PictureUpload>
      )}
    </Space>
  );
}

function GoodsModal({ goods, onClose }: { goods: MallGoods | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const classes = useMallClasses();
  const save = useSaveMallGoods();
  const [form] = Form.useForm<Values>();
  const existing = Object.fromEntries((goods?.imageIds ?? []).map((id, i) => [id, goods?.images[i]?.thumbUrl ?? '']));
  const required = (field: string) => ({ required: true, message: t('mall.rules.required', { field: t(`mall.fields.${field}` as 'mall.fields.name') }) });
  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    const saved = await save
      .mutateAsync({ ...(goods ? { commodityId: goods.commodityId } : {}), classId: v.classId, name: v.name.trim(), specs: v.specs.map((s) => s.trim()), price: v.price.trim(), stock: v.stock, images: v.images, description: v.description?.trim() ?? '' })
      .catch(() => undefined);
    if (saved) {
      void message.success(t('mall.sell.saved'));
      onClose();
    }
  };
  return (
    <Modal open width={640} title={goods ? t('mall.sell.edit') : t('mall.sell.publish')} okText={t('mall.sell.save')} confirmLoading={save.isPending} onOk={() => void submit()} onCancel={onClose} okButtonProps={{ 'data-testid': 'mall-goods-save' }}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={goods ? { classId: goods.classId, name: goods.name, specs: goods.specs, price: goods.price, stock: goods.stock, images: goods.imageIds, description: goods.description } : { specs: [], images: [], stock: 1 }}
      >
        <Form.Item name="classId" label={t('mall.fields.class')} rules={[required('class')]}>
          <Select data-testid="mall-field-class" loading={classes.isPending} options={(classes.data ?? []).map((c) => ({ value: c.classId, label: c.name }))} />
        </Form.Item>
        <Form.Item name="name" label={t('mall.fields.name')} rules={[required('name'), { min: 2, max: 60 }]}>
          <Input maxLength={60} data-testid="mall-field-name" />
        </Form.Item>
        <Form.Item
          name="specs"
          label={t('mall.fields.specs')}
          extra={t('mall.sell.specsHint')}
          rules={[{ validator: (_, v: string[] | undefined) => (v && v.length >= 1 && v.length <= MALL_RULES.maxSpecs && new Set(v).size === v.length ? Promise.resolve() : Promise.reject(new Error(t('mall.rules.specs')))) }]}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', '，']} data-testid="mall-field-specs" />
        </Form.Item>
        <Space>
          <Form.Item name="price" label={t('mall.fields.price')} rules={[{ required: true, validator: (_, v: string | undefined) => (v && PRODUCT_PRICE_PATTERN.test(v.trim()) && /[1-9]/.test(v) ? Promise.resolve() : Promise.reject(new Error(t('mall.rules.price')))) }]}>
            <Input style={{ width: 160 }} data-testid="mall-field-price" />
          </Form.Item>
          <Form.Item name="stock" label={t('mall.fields.stock')} rules={[required('stock')]}>
            <InputNumber min={0} max={999_999_999} precision={0} data-testid="mall-field-stock" />
          </Form.Item>
        </Space>
        <Form.Item name="images" label={t('mall.fields.images')} rules={[{ validator: (_, v: string[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('mall.rules.required', { field: t('mall.fields.images') })))) }]}>
          <ImagesField existing={existing} />
        </Form.Item>
        <Form.Item name="description" label={t('mall.fields.description')}>
          <Input.TextArea rows={4} maxLength={2000} data-testid="mall-field-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `/mall/user/goods`: the seller firm's mall goods: publish (to staff audit), edit, take off the shelf. */
export function MallGoodsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [page, setPage] = useState(0);
  const goods = useMyMallGoods({ page, size: SIZE });
  const offShelf = useMallOffShelf();
  const [editing, setEditing] = useState<MallGoods | null | undefined>(undefined);
  return (
    <MallCard
      title={t('mall.user.goods')}
      extra={
        <Button type="primary" onClick={() => setEditing(null)} data-testid="mall-publish">
          {t('mall.sell.publish')}
        </Button>
      }
    >
      <QueryStates keys="mall" query={goods} empty={goods.data?.total === 0} emptyText={t('mall.sell.empty')}>
        <Table<MallGoods>
          rowKey="commodityId"
          dataSource={goods.data?.content}
          pagination={pagination(page, SIZE, goods.data?.total ?? 0, setPage)}
          onRow={(g) => ({ 'data-testid': 'mall-my-goods-row', 'data-id': g.commodityId }) as object}
          columns={[
            { title: '', key: 'img', render: (_, g) => <MallImage thumbUrl={g.images[0]?.thumbUrl} alt={g.name} width={56} /> },
            { title: t('mall.fields.name'), dataIndex: 'name' },
            { title: t('mall.fields.class'), dataIndex: 'className' },
            { title: t('mall.fields.specs'), key: 'specs', render: (_, g) => g.specs.join(' / ') },
            { title: t('mall.fields.price'), key: 'price', render: (_, g) => money(g.price) },
            { title: t('mall.fields.stock'), dataIndex: 'stock' },
            { title: t('mall.fields.sold'), dataIndex: 'sold' },
            {
              title: t('mall.fields.status'),
              key: 'status',
              render: (_, g) => (
                <Space direction="vertical" size={0}>
                  <MallGoodsStatusTag status={g.status} />
                  {g.status === 'F' && <Typography.Text type="danger">{t('mall.sell.rejected', { reason: g.reason })}</Typography.Text>}
                </Space>
              ),
            },
            {
              title: '',
              key: 'actions',
              render: (_, g) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(g)}>
                    {t('mall.sell.edit')}
                  </Button>
                  {g.status === 'T' && (
                    <Button size="small" danger onClick={() => modal.confirm({ title: t('mall.sell.offShelfConfirm'), onOk: () => offShelf.mutateAsync(g.commodityId) })}>
                      {t('mall.sell.offShelf')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </QueryStates>
      {editing !== undefined && <GoodsModal goods={editing} onClose={() => setEditing(undefined)} />}
    </MallCard>
  );
}

import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@tp/decimal';
import { QueryStates } from '@tp/web-kit';
import { MallGoodsStatus, MallOrderStatus, type MallClass, type MallGoods, type MallOrder } from '@tp/contract';
import { useAuditMallGoods, useMallClasses, useMallGoods, useMallOrders, useSaveMallClass } from '../../api/mall';
import { StaffThumb } from '../../components/ReviewQueue';
import { QueryTable } from '../../components/QueryTable';

const money = (v: string) => formatAmount(v, 2, { thousands: true });

function RejectModal({ goods, onClose }: { goods: MallGoods; onClose: () => void }) {
  const { t } = useTranslation();
  const audit = useAuditMallGoods();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values && (await audit.mutateAsync({ commodityId: goods.commodityId, pass: false, reason: values.reason.trim() }).catch(() => undefined))) onClose();
  };
  return (
    <Modal open title={t('mall.goods.rejectTitle', { name: goods.name })} confirmLoading={audit.isPending} onOk={() => void submit()} onCancel={onClose} okButtonProps={{ 'data-testid': 'admin-mall-reject-ok' }}>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('mall.goods.reason')} rules={[{ required: true, min: 2, max: 200, whitespace: true, message: t('mall.goods.reasonRule') }]}>
          <Input.TextArea rows={3} maxLength={200} data-testid="admin-mall-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function GoodsTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [status, setStatus] = useState<MallGoodsStatus | undefined>('W');
  const [page, setPage] = useState(0);
  const goods = useMallGoods({ ...(status ? { status } : {}), page, size: 10 });
  const audit = useAuditMallGoods();
  const [rejecting, setRejecting] = useState<MallGoods>();
  return (
    <>
      <Select
        allowClear
        style={{ width: 180, marginBottom: 12 }}
        placeholder={t('mall.allStatuses')}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(0);
        }}
        options={MallGoodsStatus.map((s) => ({ value: s, label: t(`mall.goodsStatus.${s}`) }))}
        data-testid="admin-mall-goods-status"
      />
      <QueryTable<MallGoods>
        keys="mall"
        query={goods}
        page={page}
        onPage={setPage}
        rowKey="commodityId"
        rowData={(r) => ({ 'data-testid': `admin-mall-goods-${r.commodityId}`, 'data-status': r.status })}
        columns={[
          { title: t('mall.goods.id'), dataIndex: 'commodityId' },
          { title: t('mall.goods.seller'), dataIndex: 'sellerName' },
          { title: t('mall.goods.name'), dataIndex: 'name' },
          { title: t('mall.goods.class'), dataIndex: 'className' },
          {
            title: t('mall.goods.images'),
            render: (_, r) => (
              <Space size={4}>
                {r.images.map((img) => (
                  <StaffThumb key={img.thumbUrl} thumbUrl={img.thumbUrl} url={img.url} alt={r.name} width={48} height={48} testId="admin-mall-image" />
                ))}
              </Space>
            ),
          },
          { title: t('mall.goods.specs'), render: (_, r) => r.specs.join(' / ') },
          { title: t('mall.goods.price'), render: (_, r) => money(r.price) },
          { title: t('mall.goods.stock'), dataIndex: 'stock' },
          {
            title: t('mall.goods.status'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Tag data-testid="admin-mall-goods-status-tag">{t(`mall.goodsStatus.${r.status}`)}</Tag>
                {r.reason && <Typography.Text type="danger">{r.reason}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: '',
            render: (_, r) =>
              r.status === 'W' && (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    data-testid={`admin-mall-approve-${r.commodityId}`}
                    onClick={() => modal.confirm({ title: t('mall.goods.approveConfirm', { name: r.name }), okButtonProps: { 'data-testid': 'admin-mall-approve-ok' }, onOk: () => audit.mutateAsync({ commodityId: r.commodityId, pass: true }) })}
                  >
                    {t('mall.goods.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => setRejecting(r)} data-testid={`admin-mall-reject-${r.commodityId}`}>
                    {t('mall.goods.reject')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {rejecting && <RejectModal goods={rejecting} onClose={() => setRejecting(undefined)} />}
    </>
  );
}

function ClassModal({ row, onClose }: { row: MallClass | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveMallClass();
  const [form] = Form.useForm<{ name: string; sort: number; enabled: boolean }>();
  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (v && (await save.mutateAsync({ ...(row ? { classId: row.classId } : {}), name: v.name.trim(), sort: v.sort, enabled: v.enabled }).catch(() => undefined))) onClose();
  };
  return (
    <Modal open title={row ? t('mall.classes.edit') : t('mall.classes.add')} confirmLoading={save.isPending} onOk={() => void submit()} onCancel={onClose} okButtonProps={{ 'data-testid': 'admin-mall-class-save' }}>
      <Form form={form} layout="vertical" initialValues={row ?? { sort: 0, enabled: true }}>
        <Form.Item name="name" label={t('mall.classes.name')} rules={[{ required: true, min: 2, max: 20, whitespace: true, message: t('mall.classes.nameRule') }]}>
          <Input maxLength={20} data-testid="admin-mall-class-name" />
        </Form.Item>
        <Form.Item name="sort" label={t('mall.classes.sort')}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('mall.classes.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ClassesTab() {
  const { t } = useTranslation();
  const classes = useMallClasses();
  const [editing, setEditing] = useState<MallClass | null>();
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing(null)} data-testid="admin-mall-class-add">
        {t('mall.classes.add')}
      </Button>
      <QueryStates keys="mall" query={classes} empty={classes.data?.length === 0}>
        <Table<MallClass>
          size="small"
          rowKey="classId"
          pagination={false}
          dataSource={classes.data}
          columns={[
            { title: t('mall.classes.name'), dataIndex: 'name' },
            { title: t('mall.classes.sort'), dataIndex: 'sort' },
            { title: t('mall.classes.enabled'), render: (_, r) => (r.enabled ? t('mall.classes.on') : t('mall.classes.off')) },
            {
              title: '',
              render: (_, r) => (
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('mall.classes.edit')}
                </Button>
              ),
            },
          ]}
        />
      </QueryStates>
      {editing !== undefined && <ClassModal row={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

function OrdersTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<MallOrderStatus>();
  const [page, setPage] = useState(0);
  const orders = useMallOrders({ ...(status ? { status } : {}), page, size: 10 });
  return (
    <>
      <Select
        allowClear
        style={{ width: 180, marginBottom: 12 }}
        placeholder={t('mall.allStatuses')}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(0);
        }}
        options={MallOrderStatus.map((s) => ({ value: s, label: t(`mall.orderStatus.${s}`) }))}
      />
      <QueryTable<MallOrder>
        keys="mall"
        query={orders}
        page={page}
        onPage={setPage}
        rowKey="orderId"
        rowData={(r) => ({ 'data-testid': `admin-mall-order-${r.orderId}`, 'data-status': r.status })}
        columns={[
          { title: t('mall.orders.id'), dataIndex: 'orderId' },
          { title: t('mall.orders.goods'), render: (_, r) => `${r.title} · ${r.commoditySpec} × ${r.amount}` },
          { title: t('mall.orders.buyer'), dataIndex: 'buyerFirmId' },
          { title: t('mall.orders.seller'), dataIndex: 'sellerName' },
          { title: t('mall.orders.total'), render: (_, r) => money(r.total) },
          { title: t('mall.orders.payWay'), render: (_, r) => (r.payWay ? t(`mall.payWay.${r.payWay}`) : '—') },
          { title: t('mall.orders.status'), render: (_, r) => <Tag>{t(`mall.orderStatus.${r.status}`)}</Tag> },
          { title: t('mall.orders.trackingNo'), dataIndex: 'trackingNo' },
          { title: t('mall.orders.createdAt'), render: (_, r) => new Date(r.createdAt).toLocaleString() },
        ]}
      />
    </>
  );
}

/** Back office: the mall's goods audit, its classes and every order (returns are arbitrated on the after-sale page). */
export function MallAdminPage() {
  const { t } = useTranslation();
  return (
    <Card title={<h1 className="result-heading">{t('mall.title')}</h1>}>
      <Tabs
        items={[
          { key: 'goods', label: t('mall.tabs.goods'), children: <GoodsTab /> },
          { key: 'classes', label: t('mall.tabs.classes'), children: <ClassesTab /> },
          { key: 'orders', label: t('mall.tabs.orders'), children: <OrdersTab /> },
        ]}
      />
    </Card>
  );
}

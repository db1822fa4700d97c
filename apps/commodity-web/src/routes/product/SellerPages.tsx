import { useState } from 'react';
import { Alert, App, Button, Col, Form, Input, InputNumber, Modal, Result, Row, Select, Space, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryStates, runAction, useApp, useSession } from '@tp/web-kit';
import {
  PRODUCT_CANCEL_REASON_MAX,
  PRODUCT_CANCEL_REASON_MIN,
  PRODUCT_PRICE_PATTERN,
  ProductStatus,
  type Product,
  type ProductOrder,
  type ProductRequest,
  type ShopRequest,
} from '@tp/contract';
import { useCommodityTypes } from '../../api/warehouse';
import { useCreateProduct, useMyProducts, useMyShop, useProduct, useProductAction, useSaveShop, useSellerCancel, useShipOrder, useUpdateProduct } from '../../api/product';
import { paths } from '../../paths';
import { OrderItems, OrderList } from './OrderList';
import { AmountConfirm, ConsigneeText, ImagesField, LogoField, ProductCard, ProductImage, SIZE, StatusTag, money, pagination } from './shared';

const PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?)$/;

/** The server's rules for the seller forms, with translated messages naming the field. */
function useRules() {
  const { t } = useTranslation();
  const label = (field: string) => t(`product.fields.${field as 'name'}`);
  return {
    text: (field: string, min: number, max: number) => [
      { required: true, whitespace: true, message: t('product.rules.required', { field: label(field) }) },
      { min, message: t('product.rules.min', { field: label(field), min }) },
      { max, message: t('product.rules.max', { field: label(field), max }) },
    ],
    optional: (field: string, max: number) => [{ max, message: t('product.rules.max', { field: label(field), max }) }],
    required: (field: string) => [{ required: true, message: t('product.rules.required', { field: label(field) }) }],
    price: [
      { required: true, message: t('product.rules.required', { field: label('price') }) },
      {
        validator: (_: unknown, v: string | undefined) =>
          !v || (PRODUCT_PRICE_PATTERN.test(v.trim()) && /[1-9]/.test(v)) ? Promise.resolve() : Promise.reject(new Error(t('product.rules.price', { field: label('price') }))),
      },
    ],
    phone: [
      { required: true, message: t('product.rules.required', { field: label('contactPhone') }) },
      { pattern: PHONE_PATTERN, message: t('product.rules.phone', { field: label('contactPhone') }) },
    ],
    images: [
      {
        validator: (_: unknown, v: string[] | undefined) => (v && v.length >= 1 && v.length <= 5 ? Promise.resolve() : Promise.reject(new Error(t('product.rules.images', { field: label('images') })))),
      },
    ],
  };
}

function NoRight() {
  const { t } = useTranslation();
  return <Result status="403" title={t('product.noRight')} data-testid="product-no-right" />;
}

// ---- shopManage ---------------------------------------------------------------------------------

/** `/sellerCenter/shopManage`: the firm's shop profile (name, logo, introduction, contact). */
export function ShopManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { hasRight } = useSession();
  const allowed = hasRight('seller.shop');
  const shop = useMyShop(allowed);
  const save = useSaveShop();
  const rules = useRules();
  const [form] = Form.useForm<ShopRequest>();
  if (!allowed)
    return (
      <ProductCard title={t('product.menu.shopManage')}>
        <NoRight />
      </ProductCard>
    );
  const current = shop.data;
  return (
    <ProductCard
      title={t('product.menu.shopManage')}
      extra={
        current && (
          <Link to={paths.shopCenterOf(current.firmId)} data-testid="shop-front-link">
            <Button>{t('product.actions.shop')}</Button>
          </Link>
        )
      }
    >
      <QueryStates keys="product" skeletonRows={4} query={shop}>
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={current ? { name: current.name, logo: current.logo ?? '', introduction: current.introduction, contactName: current.contactName, contactPhone: current.contactPhone } : { logo: '' }}
          onFinish={(values) => void runAction(save.mutateAsync({ ...values, logo: values.logo ?? '' }).then(() => void message.success(t('product.messages.saved'))))}
        >
          <Form.Item name="name" label={t('product.fields.shopName')} rules={rules.text('shopName', 2, 40)}>
            <Input data-testid="field-shopName" />
          </Form.Item>
          <Form.Item name="logo" label={t('product.fields.logo')} extra={t('product.rules.image')}>
            <LogoField preview={current?.logoThumbUrl} onError={(error) => form.setFields([{ name: 'logo', errors: [error] }])} />
          </Form.Item>
          <Form.Item name="introduction" label={t('product.fields.introduction')} rules={rules.optional('introduction', 1000)}>
            <Input.TextArea rows={4} data-testid="field-introduction" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="contactName" label={t('product.fields.contactName')} rules={rules.text('contactName', 1, 20)}>
                <Input data-testid="field-contactName" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="contactPhone" label={t('product.fields.contactPhone')} rules={rules.phone}>
                <Input data-testid="field-contactPhone" />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="shop-save">
            {t('product.actions.save')}
          </Button>
        </Form>
      </QueryStates>
    </ProductCard>
  );
}

// ---- addProduct ---------------------------------------------------------------------------------

type FormValues = Omit<ProductRequest, 'submit'>;

/** `/sellerCenter/addProduct` (`?id=` edits one): the product form; an edit of a product on sale goes back to audit. */
export function AddProductPage() {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const navigate = useNavigate();
  const { hasRight } = useSession();
  const [search] = useSearchParams();
  const editId = search.get('id') ?? undefined;
  const allowed = hasRight('seller.product');
  const shop = useMyShop(allowed && hasRight('seller.shop'));
  const editing = useProduct(editId);
  const types = useCommodityTypes();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const rules = useRules();
  const [form] = Form.useForm<FormValues>();
  if (!allowed)
    return (
      <ProductCard title={t('product.menu.addProduct')}>
        <NoRight />
      </ProductCard>
    );
  const product = editId ? editing.data : undefined;
  const existing = Object.fromEntries((product?.imageIds ?? []).map((id, i) => [id, product!.images[i]!.thumbUrl]));

  const send = async (submit: boolean) => {
    const values = await form.validateFields();
    const body: ProductRequest = { ...values, submit };
    const run = () =>
      (product ? update.mutateAsync({ ...body, productId: product.productId }) : create.mutateAsync(body)).then((saved) => {
        void message.success(t(saved.status === 'W' ? 'product.messages.submitted' : 'product.messages.saved'));
        void navigate(paths.myProduction);
      });
    if (product?.status === 'T') modal.confirm({ title: t('product.hints.editGoesToAudit'), okButtonProps: { 'data-testid': 'product-save-ok' }, onOk: run });
    else await run();
  };

  const ready = !editId || editing.data;
  return (
    <ProductCard title={product ? `${t('product.actions.edit')} · ${product.name}` : t('product.menu.addProduct')}>
      {shop.data === null && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={<Link to={paths.shopManage}>{t('product.hints.shopFirst')}</Link>} data-testid="product-shop-first" />}
      {product?.reason && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('product.reasonLabel', { status: t(`product.status.${product.status}`), reason: product.reason })} />}
      {product?.status === 'T' && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('product.hints.editGoesToAudit')} />}
      {editId && <QueryStates keys="product" skeletonRows={4} query={editing}>{null}</QueryStates>}
      {ready && (
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 760 }}
          initialValues={
            product
              ? { name: product.name, commodityTypeId: product.commodityTypeId, specification: product.specification, unit: product.unit, price: product.price, stock: product.stock, images: product.imageIds, description: product.description }
              : { unit: '件', stock: 0, images: [], description: '' }
          }
        >
          <Form.Item name="name" label={t('product.fields.name')} rules={rules.text('name', 2, 60)}>
            <Input data-testid="field-name" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="commodityTypeId" label={t('product.fields.commodityType')} rules={rules.required('commodityType')}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="field-commodityTypeId"
                  loading={types.isPending}
                  options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="specification" label={t('product.fields.specification')} rules={rules.text('specification', 1, 60)}>
                <Input data-testid="field-specification" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="price" label={t('product.fields.price')} rules={rules.price}>
                <Input data-testid="field-price" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="unit" label={t('product.fields.unit')} rules={rules.text('unit', 1, 10)}>
                <Input data-testid="field-unit" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="stock" label={t('product.fields.stock')} extra={t('product.hints.stock')} rules={rules.required('stock')}>
                <InputNumber min={0} max={999999999} precision={0} style={{ width: '100%' }} data-testid="field-stock" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="images" label={t('product.fields.images')} extra={t('product.hints.images')} rules={rules.images}>
            <ImagesField existing={existing} onError={(error) => form.setFields([{ name: 'images', errors: [error] }])} />
          </Form.Item>
          <Form.Item name="description" label={t('product.fields.description')} rules={rules.optional('description', 2000)}>
            <Input.TextArea rows={5} data-testid="field-description" />
          </Form.Item>
          <Space>
            <Button type="primary" loading={create.isPending || update.isPending} onClick={() => void send(true)} data-testid="product-submit">
              {t('product.actions.submit')}
            </Button>
            {(!product || product.status === 'D') && (
              <Button loading={create.isPending || update.isPending} onClick={() => void send(false)} data-testid="product-save-draft">
                {t('product.actions.saveDraft')}
              </Button>
            )}
          </Space>
        </Form>
      )}
    </ProductCard>
  );
}

// ---- myProduction and productionAudit -----------------------------------------------------------

function ProductsTable({ statuses, fixed }: { statuses: readonly Product['status'][]; fixed: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const navigate = useNavigate();
  const types = useCommodityTypes();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<Product['status']>();
  const [commodityTypeId, setCommodityTypeId] = useState<string>();
  const [keyword, setKeyword] = useState<string>();
  const query = { status, statuses: fixed && !status ? [...statuses] : undefined, commodityTypeId, keyword, page, size: SIZE };
  const products = useMyProducts(query);
  const submit = useProductAction('submit');
  const offShelf = useProductAction('offShelf');
  const ask = (action: 'submit' | 'offShelf', product: Product) =>
    modal.confirm({
      title: t(`product.confirm.${action}`, { name: product.name }),
      okButtonProps: { 'data-testid': `product-${action}-ok` },
      onOk: () => (action === 'submit' ? submit : offShelf).mutateAsync(product.productId).then(() => void message.success(t('product.messages.done'))),
    });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder={t('product.filters.allStatuses')}
          style={{ width: 150 }}
          value={status}
          data-testid="mine-filter-status"
          onChange={(v: Product['status'] | undefined) => {
            setStatus(v);
            setPage(0);
          }}
          options={statuses.map((s) => ({ value: s, label: t(`product.status.${s}`) }))}
        />
        <Select
          allowClear
          placeholder={t('product.filters.allCommodities')}
          style={{ width: 150 }}
          value={commodityTypeId}
          onChange={(v: string | undefined) => {
            setCommodityTypeId(v);
            setPage(0);
          }}
          options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))}
        />
        <Input.Search
          allowClear
          placeholder={t('product.filters.keywordHint')}
          style={{ width: 240 }}
          maxLength={40}
          data-testid="mine-filter-keyword"
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(0);
          }}
        />
      </Space>
      <QueryStates keys="product" skeletonRows={4} query={products} empty={products.data?.total === 0}>
        <Table<Product>
          rowKey="productId"
          size="small"
          scroll={{ x: true }}
          dataSource={products.data?.content ?? []}
          pagination={pagination(page, SIZE, products.data?.total ?? 0, setPage)}
          onRow={(row) => ({ 'data-testid': `my-product-${row.productId}`, 'data-status': row.status }) as object}
          columns={[
            { title: t('product.fields.productId'), dataIndex: 'productId' },
            { title: t('product.fields.images'), render: (_, r) => <ProductImage thumbUrl={r.images[0]?.thumbUrl} url={r.images[0]?.url} alt={r.name} width={56} /> },
            {
              title: t('product.fields.name'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  {r.status === 'T' ? <Link to={paths.productionDetails(r.productId)}>{r.name}</Link> : r.name}
                  <Typography.Text type="secondary">{`${r.commodityName} · ${r.specification}`}</Typography.Text>
                </Space>
              ),
            },
            { title: t('product.fields.price'), render: (_, r) => t('product.perUnit', { price: money(r.price), unit: r.unit }) },
            { title: t('product.fields.stock'), render: (_, r) => <span data-testid="my-product-stock">{r.stock}</span> },
            { title: t('product.fields.sold'), dataIndex: 'sold' },
            {
              title: t('product.fields.status'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <StatusTag status={r.status} />
                  {r.reason && (
                    <Typography.Text type="danger" data-testid="product-reason">
                      {t('product.reasonLabel', { status: t(`product.status.${r.status}`), reason: r.reason })}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            { title: t('product.fields.updatedAt'), render: (_, r) => new Date(r.updatedAt).toLocaleString() },
            {
              title: t('product.fields.actions'),
              render: (_, r) => (
                <Space>
                  <Button size="small" onClick={() => void navigate(`${paths.addProduct}?id=${r.productId}`)} data-testid="product-edit">
                    {t('product.actions.edit')}
                  </Button>
                  {(r.status === 'D' || r.status === 'F' || r.status === 'O') && (
                    <Button size="small" type="primary" onClick={() => ask('submit', r)} data-testid="product-submit-audit">
                      {t('product.actions.submit')}
                    </Button>
                  )}
                  {r.status === 'T' && (
                    <Button size="small" danger onClick={() => ask('offShelf', r)} data-testid="product-off-shelf">
                      {t('product.actions.offShelf')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </QueryStates>
    </>
  );
}

function ShipModal({ order, onClose }: { order: ProductOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ship = useShipOrder();
  const [form] = Form.useForm<{ trackingNo: string }>();
  const label = t('product.fields.trackingNo');
  return (
    <Modal
      open={order !== null}
      title={`${t('product.actions.ship')} · ${order?.orderId ?? ''}`}
      onCancel={onClose}
      confirmLoading={ship.isPending}
      okButtonProps={{ 'data-testid': 'ship-ok' }}
      destroyOnHidden
      onOk={() =>
        void runAction(
          form.validateFields().then((v) =>
            ship.mutateAsync({ orderId: order!.orderId, trackingNo: v.trackingNo.trim() }).then(() => {
              void message.success(t('product.messages.done'));
              onClose();
            }),
          ),
        )
      }
    >
      {order && <OrderItems order={order} />}
      {order && (
        <div style={{ marginTop: 16 }} data-testid="ship-consignee">
          <Typography.Text strong>{t('product.fields.consignee')}</Typography.Text>
          <ConsigneeText consignee={order.consignee} />
        </div>
      )}
      <Form form={form} layout="vertical" preserve={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="trackingNo"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('product.rules.required', { field: label }) },
            { pattern: /^\s*[A-Za-z0-9-]{6,30}\s*$/, message: t('product.rules.trackingNo', { field: label }) },
          ]}
        >
          <Input data-testid="field-trackingNo" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The seller cancels a paid order it cannot ship; the buyer reads the reason, so one is required (as on the server, trimmed). */
function SellerCancelModal({ order, onClose }: { order: ProductOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = useSellerCancel();
  const [form] = Form.useForm<{ reason: string }>();
  const label = t('product.fields.cancelReason');
  const trimmed = (v: string | undefined) => (v ?? '').trim().length;
  return (
    <Modal
      open={order !== null}
      title={`${t('product.actions.cancel')} · ${order?.orderId ?? ''}`}
      onCancel={onClose}
      confirmLoading={cancel.isPending}
      okText={t('product.confirm.ok')}
      okButtonProps={{ danger: true, 'data-testid': 'seller-cancel-ok' }}
      destroyOnHidden
      onOk={() =>
        void runAction(
          form.validateFields().then((v) =>
            cancel.mutateAsync({ orderId: order!.orderId, reason: v.reason.trim() }).then(() => {
              void message.success(t('product.messages.sellerCancelled'));
              onClose();
            }),
          ),
        )
      }
    >
      {order && (
        <AmountConfirm amount={order.amount}>
          <p>{t('product.confirm.sellerCancel', { orderId: order.orderId })}</p>
          <OrderItems order={order} />
        </AmountConfirm>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('product.rules.required', { field: label }) },
            {
              validator: (_: unknown, v: string | undefined) =>
                trimmed(v) === 0 || trimmed(v) >= PRODUCT_CANCEL_REASON_MIN ? Promise.resolve() : Promise.reject(new Error(t('product.rules.min', { field: label, min: PRODUCT_CANCEL_REASON_MIN }))),
            },
            {
              validator: (_: unknown, v: string | undefined) =>
                trimmed(v) <= PRODUCT_CANCEL_REASON_MAX ? Promise.resolve() : Promise.reject(new Error(t('product.rules.max', { field: label, max: PRODUCT_CANCEL_REASON_MAX }))),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={PRODUCT_CANCEL_REASON_MAX} showCount placeholder={t('product.hints.cancelReason')} data-testid="seller-cancel-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SalesOrdersTab() {
  const { t } = useTranslation();
  const [shipping, setShipping] = useState<ProductOrder | null>(null);
  const [cancelling, setCancelling] = useState<ProductOrder | null>(null);
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('product.hints.fee')} />
      <OrderList
        side="seller"
        filterTestId="sales-filter-status"
        afterAmount={[{ title: t('product.fields.fee'), render: (_, r) => (r.status === 'T' ? money(r.fee) : '—') }]}
        actions={(r) =>
          r.status === 'W' && (
            <Space>
              <Button size="small" type="primary" onClick={() => setShipping(r)} data-testid="order-ship">
                {t('product.actions.ship')}
              </Button>
              <Button size="small" danger onClick={() => setCancelling(r)} data-testid={`seller-cancel-${r.orderId}`}>
                {t('product.actions.cancel')}
              </Button>
            </Space>
          )
        }
      />
      <ShipModal order={shipping} onClose={() => setShipping(null)} />
      <SellerCancelModal order={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}

/** `/sellerCenter/myProduction`: the firm's products (every state) and, in a tab, the orders for them. */
export function MyProductionPage() {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'sales' ? 'sales' : 'products';
  if (!hasRight('seller.product'))
    return (
      <ProductCard title={t('product.menu.myProduction')}>
        <NoRight />
      </ProductCard>
    );
  return (
    <ProductCard
      title={t('product.menu.myProduction')}
      extra={
        <Link to={paths.addProduct} data-testid="product-add-link">
          <Button type="primary">{t('product.actions.addProduct')}</Button>
        </Link>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'sales' ? { tab: 'sales' } : {}, { replace: true })}
        items={[
          { key: 'products', label: <span data-testid="tab-products">{t('product.tabs.products')}</span>, children: <ProductsTable statuses={ProductStatus} fixed={false} /> },
          { key: 'sales', label: <span data-testid="tab-sales">{t('product.tabs.sales')}</span>, children: <SalesOrdersTab /> },
        ]}
      />
    </ProductCard>
  );
}

/** `/sellerCenter/productionAudit`: the firm's products awaiting audit or rejected, with the reasons. */
export function ProductionAuditPage() {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  return (
    <ProductCard title={t('product.menu.productionAudit')}>{hasRight('seller.product') ? <ProductsTable statuses={['W', 'F']} fixed /> : <NoRight />}</ProductCard>
  );
}

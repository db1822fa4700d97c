import { Alert, Button, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryStates, useApp, useSession } from '@tp/web-kit';
import { type ProductRequest } from '@tp/contract';
import { useCommodityTypes } from '../../../api/warehouse';
import { useCreateProduct, useMyShop, useProduct, useUpdateProduct } from '../../../api/product';
import { paths } from '../../../paths';
import { ImagesField, ProductCard } from '../shared';
import { useSellerRules, NoSellerRight } from '../components/sellerForms';

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
  const rules = useSellerRules();
  const [form] = Form.useForm<FormValues>();
  if (!allowed)
    return (
      <ProductCard title={t('product.menu.addProduct')}>
        <NoSellerRight />
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

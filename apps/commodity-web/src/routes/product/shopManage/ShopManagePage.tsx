import { App, Button, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates, runAction, useSession } from '@tp/web-kit';
import { type ShopRequest } from '@tp/contract';
import { useMyShop, useSaveShop } from '../../../api/product';
import { paths } from '../../../paths';
import { LogoField, ProductCard } from '../shared';
import { useSellerRules, NoSellerRight } from '../components/sellerForms';

/** `/sellerCenter/shopManage`: the firm's shop profile (name, logo, introduction, contact). */
export function ShopManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { hasRight } = useSession();
  const allowed = hasRight('seller.shop');
  const shop = useMyShop(allowed);
  const save = useSaveShop();
  const rules = useSellerRules();
  const [form] = Form.useForm<ShopRequest>();
  if (!allowed)
    return (
      <ProductCard title={t('product.menu.shopManage')}>
        <NoSellerRight />
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

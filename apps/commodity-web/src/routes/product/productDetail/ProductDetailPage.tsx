import { useState } from 'react';
import { App, Button, Col, Descriptions, InputNumber, Result, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { QueryStates, isApiError, loginPathFor, runAction, useSession } from '@tp/web-kit';
import { useCartChange, useProduct } from '../../../api/product';
import { paths } from '../../../paths';
import { ProductCard, ProductImage, StatusTag, money } from '../shared';

/** `/productionDetails/details/{id?}`: one product on sale (or the viewer's own), with "add to cart". */
export function ProductDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { isLoggedIn } = useSession();
  const product = useProduct(id);
  const add = useCartChange('cartAdd');
  const [quantity, setQuantity] = useState(1);
  const back = (
    <Link to={paths.productionSell}>
      <Button>{t('product.actions.market')}</Button>
    </Link>
  );
  const missing = id === undefined || !/^\d{1,18}$/.test(id) || (product.isError && isApiError(product.error) && product.error.httpStatus === 404);
  if (missing)
    return (
      <ProductCard title={t('product.detailTitle')}>
        <Result status="404" title={t('product.notFound')} extra={back} data-testid="product-not-found" />
      </ProductCard>
    );
  const data = product.data;
  const canBuy = data !== undefined && data.status === 'T' && !data.mine && data.stock > 0;
  return (
    <ProductCard title={t('product.detailTitle')} extra={back}>
      <QueryStates keys="product" skeletonRows={4} query={product}>
        {data && (
          <Row gutter={[24, 24]}>
            <Col xs={24} md={10}>
              <Space wrap>
                {data.images.map((img, i) => (
                  <ProductImage key={img.thumbUrl} thumbUrl={img.thumbUrl} url={img.url} alt={data.name} width={i === 0 ? 320 : 96} />
                ))}
              </Space>
            </Col>
            <Col xs={24} md={14}>
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Title level={3} style={{ margin: 0 }} data-testid="product-name">
                    {data.name}
                  </Typography.Title>
                  {data.mine && <StatusTag status={data.status} />}
                </Space>
                <Typography.Title level={4} type="danger" style={{ margin: 0 }} data-testid="product-price">
                  {t('product.perUnit', { price: money(data.price), unit: data.unit })}
                </Typography.Title>
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('product.fields.commodityType')}>{data.commodityName}</Descriptions.Item>
                  <Descriptions.Item label={t('product.fields.specification')}>{data.specification}</Descriptions.Item>
                  <Descriptions.Item label={t('product.fields.stock')}>
                    <span data-testid="product-stock">{t('product.stockLeft', { stock: data.stock, unit: data.unit })}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('product.fields.sold')}>{data.sold}</Descriptions.Item>
                  <Descriptions.Item label={t('product.fields.shop')}>
                    <Link to={paths.shopCenterOf(data.firmId)} data-testid="product-shop">
                      {data.shopName}
                    </Link>
                  </Descriptions.Item>
                </Descriptions>
                {!isLoggedIn ? (
                  <Button type="primary" size="large" onClick={() => void navigate(loginPathFor(location.pathname, paths.login))} data-testid="product-login-to-buy">
                    {t('product.actions.loginToBuy')}
                  </Button>
                ) : (
                  canBuy && (
                    <Space>
                      <InputNumber min={1} max={data.stock} precision={0} value={quantity} onChange={(v) => setQuantity(v ?? 1)} data-testid="product-quantity" />
                      <Button
                        type="primary"
                        size="large"
                        loading={add.isPending}
                        data-testid="product-add-to-cart"
                        onClick={() => void runAction(add.mutateAsync({ productId: data.productId, quantity }).then(() => void message.success(t('product.messages.added'))))}
                      >
                        {t('product.actions.addToCart')}
                      </Button>
                      <Link to={paths.productionCart} data-testid="product-go-cart">
                        <Button size="large">{t('product.actions.goCart')}</Button>
                      </Link>
                    </Space>
                  )
                )}
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="product-description">
                  {data.description}
                </Typography.Paragraph>
              </Space>
            </Col>
          </Row>
        )}
      </QueryStates>
    </ProductCard>
  );
}

import { Card, Col, Pagination, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Product } from '@tp/contract';
import { paths } from '../../../paths';
import { ProductImage, SIZE, money } from '../shared';

/** One product as a tile: picture, name, price, shop; the name opens the detail page. */
export function ProductTile({ product }: { product: Product }) {
  const { t } = useTranslation();
  return (
    <Card size="small" hoverable data-testid={`product-tile-${product.productId}`} cover={<ProductImage thumbUrl={product.images[0]?.thumbUrl} url={product.images[0]?.url} alt={product.name} width={220} />}>
      <Link to={paths.productionDetails(product.productId)} data-testid="product-tile-name">
        <Typography.Text strong ellipsis>
          {product.name}
        </Typography.Text>
      </Link>
      <div>
        <Typography.Text type="secondary">{`${product.commodityName} · ${product.specification}`}</Typography.Text>
      </div>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="danger" strong data-testid="product-tile-price">
          {t('product.perUnit', { price: money(product.price), unit: product.unit })}
        </Typography.Text>
        <Typography.Text type="secondary">{`${t('product.fields.sold')} ${product.sold}`}</Typography.Text>
      </Space>
      <div>
        <Link to={paths.shopCenterOf(product.firmId)}>{product.shopName}</Link>
      </div>
    </Card>
  );
}

/** One page of product tiles with the pager under them. */
export function ProductGrid({ products, page, onPage }: { products: { content: Product[]; total: number } | undefined; page: number; onPage: (page: number) => void }) {
  return (
    <>
      <Row gutter={[16, 16]}>
        {(products?.content ?? []).map((p) => (
          <Col key={p.productId} xs={24} sm={12} md={8} lg={6}>
            <ProductTile product={p} />
          </Col>
        ))}
      </Row>
      <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={page + 1} pageSize={SIZE} total={products?.total ?? 0} showSizeChanger={false} onChange={(n) => onPage(n - 1)} />
    </>
  );
}

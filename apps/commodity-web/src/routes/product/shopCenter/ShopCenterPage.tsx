import { useState } from 'react';
import { Avatar, Button, Descriptions, Result, Space, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { QueryStates, isApiError } from '@tp/web-kit';
import { useProducts, useShop } from '../../../api/product';
import { paths } from '../../../paths';
import { ProductGrid } from '../components/ProductGrid';
import { ProductCard, ProductImage, SIZE } from '../shared';

/** `/shopCenter/{firmId}` or `/shopCenter?firmId=`: a seller's shop front and its products on sale. */
export function ShopCenterPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [search] = useSearchParams();
  const firmId = id ?? search.get('firmId') ?? undefined;
  const valid = firmId !== undefined && /^\d{1,18}$/.test(firmId);
  const shop = useShop(firmId);
  const [page, setPage] = useState(0);
  const products = useProducts({ firmId: valid ? firmId : '0', page, size: SIZE });
  const back = (
    <Link to={paths.productionSell}>
      <Button>{t('product.actions.market')}</Button>
    </Link>
  );
  if (!valid || (shop.isError && isApiError(shop.error) && shop.error.httpStatus === 404))
    return (
      <ProductCard title={t('product.shopCenter')}>
        <Result status="404" title={t('product.shopNotFound')} extra={back} data-testid="shop-not-found" />
      </ProductCard>
    );
  const data = shop.data;
  return (
    <ProductCard title={data?.name ?? t('product.shopCenter')} extra={back}>
      <QueryStates keys="product" skeletonRows={4} query={shop}>
        {data && (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Space align="start" size="large">
              {data.logoThumbUrl ? <ProductImage thumbUrl={data.logoThumbUrl} url={data.logoUrl ?? undefined} alt={data.name} width={96} /> : <Avatar size={96} icon={<ShopOutlined />} />}
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('product.fields.shopName')}>
                  <span data-testid="shop-name">{data.name}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('product.fields.contactName')}>{data.contactName}</Descriptions.Item>
                <Descriptions.Item label={t('product.fields.contactPhone')}>{data.contactPhone}</Descriptions.Item>
                <Descriptions.Item label={t('product.fields.onSale')}>
                  <span data-testid="shop-on-sale">{data.onSale}</span>
                </Descriptions.Item>
              </Descriptions>
            </Space>
            {data.introduction && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.introduction}</Typography.Paragraph>}
            <QueryStates keys="product" skeletonRows={4} query={products} empty={products.data?.total === 0}>
              <ProductGrid products={products.data} page={page} onPage={setPage} />
            </QueryStates>
          </Space>
        )}
      </QueryStates>
    </ProductCard>
  );
}

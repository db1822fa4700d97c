import { useState } from 'react';
import { Button, Descriptions, Image, InputNumber, Radio, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryStates, loginPathFor, useSession } from '@tp/web-kit';
import { useMallGoodsDetail } from '../../../api/mall';
import { paths } from '../../../paths';
import { MallCard, MallGoodsStatusTag, MallImage, money } from '../shared';

/** `/mall/productionDetails/{id}`: one goods' pictures, specifications and stock; the buyer picks a spec and quantity and goes to confirm the order. */
export function MallDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const goods = useMallGoodsDetail(id);
  const [spec, setSpec] = useState<string>();
  const [amount, setAmount] = useState(1);
  const g = goods.data;
  if (!id || goods.isError) return <Result status="404" title={t('mall.detail.notFound')} extra={<Link to={paths.mall}>{t('mall.title')}</Link>} />;
  const chosen = spec ?? g?.specs[0];
  const confirm = `${paths.mallConfirmOrder}?${new URLSearchParams({ commodityId: id, commoditySpec: chosen ?? '', amount: String(amount) }).toString()}`;
  return (
    <MallCard title={g?.name ?? t('mall.title')}>
      <QueryStates keys="mall" query={goods}>
        {g && (
          <Space align="start" size="large" wrap>
            <Space direction="vertical">
              <MallImage thumbUrl={g.images[0]?.thumbUrl} url={g.images[0]?.url} alt={g.name} width={360} />
              <Image.PreviewGroup>
                <Space>
                  {g.images.slice(1).map((img) => (
                    <MallImage key={img.url} thumbUrl={img.thumbUrl} url={img.url} alt={g.name} width={80} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            </Space>
            <Space direction="vertical" style={{ minWidth: 320 }}>
              <Typography.Title level={3} type="danger" data-testid="mall-detail-price">
                ¥{money(g.price)}
              </Typography.Title>
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('mall.fields.class')}>{g.className}</Descriptions.Item>
                <Descriptions.Item label={t('mall.fields.seller')}>{g.sellerName}</Descriptions.Item>
                <Descriptions.Item label={t('mall.fields.sold')}>{g.sold}</Descriptions.Item>
                {g.mine && (
                  <Descriptions.Item label={t('mall.fields.status')}>
                    <MallGoodsStatusTag status={g.status} />
                  </Descriptions.Item>
                )}
              </Descriptions>
              <div>
                <Typography.Text>{t('mall.fields.spec')}：</Typography.Text>
                <Radio.Group value={chosen} onChange={(e) => setSpec(e.target.value as string)} optionType="button" options={g.specs.map((s) => ({ value: s, label: s }))} data-testid="mall-spec" />
              </div>
              <Space>
                <Typography.Text>{t('mall.fields.amount')}：</Typography.Text>
                <InputNumber min={1} max={Math.max(1, Math.min(g.stock, 9999))} precision={0} value={amount} onChange={(v) => setAmount(v ?? 1)} data-testid="mall-amount" />
                <Typography.Text type="secondary">{t('mall.detail.stockLeft', { count: g.stock })}</Typography.Text>
              </Space>
              {g.mine ? (
                <Typography.Text type="secondary">{t('mall.detail.own')}</Typography.Text>
              ) : (
                <Button
                  type="primary"
                  size="large"
                  disabled={g.stock < amount || g.status !== 'T'}
                  onClick={() => void navigate(isLoggedIn ? confirm : loginPathFor(confirm, paths.login))}
                  data-testid="mall-buy"
                >
                  {isLoggedIn ? t('mall.detail.buyNow') : t('mall.detail.loginToBuy')}
                </Button>
              )}
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxWidth: 480 }}>{g.description}</Typography.Paragraph>
            </Space>
          </Space>
        )}
      </QueryStates>
    </MallCard>
  );
}

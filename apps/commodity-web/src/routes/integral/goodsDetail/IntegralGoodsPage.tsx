import { useState } from 'react';
import { Alert, Button, Descriptions, Image, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryStates, useApp, useSession } from '@tp/web-kit';
import { useAddresses } from '../../../api/enterprise';
import { SectionCard } from '../../../layout/SectionPage';
import { paths } from '../../../paths';
import { useIntegralGoodsDetail, useIntegralSummary, useRedeem } from '../api';

/** Redeeming: how many, where to (the user's own address book, default first) and a confirmation naming the points spent. */
function RedeemForm({ goodsId, points, left }: { goodsId: string; points: number; left: number }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const navigate = useNavigate();
  const { hasRight } = useSession();
  const summary = useIntegralSummary();
  const addresses = useAddresses();
  const redeem = useRedeem();
  const [quantity, setQuantity] = useState(1);
  const [chosen, setChosen] = useState<string>();
  const list = addresses.data ?? [];
  const consigneeId = chosen ?? (list.find((a) => a.defaultFlag === '1') ?? list[0])?.id;
  const cost = points * quantity;
  const balance = Number(summary.data?.balance ?? 0);
  if (!hasRight('mall.order')) return <Alert type="warning" message={t('integral.noRight')} />;
  if (left <= 0) return <Alert type="info" message={t('integral.limitReached')} data-testid="integral-limit-reached" />;
  const ask = () =>
    modal.confirm({
      title: t('integral.confirmRedeem'),
      content: t('integral.confirmRedeemText', { quantity, points: cost, balance: balance - cost }),
      okText: t('integral.redeem'),
      okButtonProps: { 'data-testid': 'integral-redeem-ok' },
      onOk: () =>
        redeem.mutateAsync({ goodsId, quantity, consigneeId: consigneeId! }).then(() => {
          void message.success(t('integral.redeemed'));
          void navigate(`${paths.integralMine}?tab=redemptions`);
        }),
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {list.length === 0 ? (
        <Alert type="warning" message={<Link to={paths.myAddress}>{t('integral.addAddress')}</Link>} data-testid="integral-no-address" />
      ) : (
        <Select
          style={{ width: '100%' }}
          value={consigneeId}
          onChange={setChosen}
          data-testid="integral-address"
          options={list.map((a) => ({ value: a.id, label: `${a.recipients} ${a.recipientsCellphone} ${a.region}${a.addressName}` }))}
        />
      )}
      <Space>
        <span>{t('integral.quantity')}</span>
        <InputNumber min={1} max={left} precision={0} value={quantity} onChange={(v) => setQuantity(v ?? 1)} data-testid="integral-quantity" />
        <Typography.Text type={cost > balance ? 'danger' : undefined}>{t('integral.costOf', { points: cost, balance })}</Typography.Text>
      </Space>
      <Button type="primary" disabled={!consigneeId || cost > balance} loading={redeem.isPending} onClick={ask} data-testid="integral-redeem">
        {t('integral.redeem')}
      </Button>
    </Space>
  );
}

/** `/integral/goods/:goodsId`: one integral good, its price in points, stock and the firm's limit, and the redeem form. */
export function IntegralGoodsPage() {
  const { t } = useTranslation();
  const { goodsId } = useParams();
  const { session } = useSession();
  const goods = useIntegralGoodsDetail(goodsId);
  const g = goods.data;
  return (
    <SectionCard title={g?.name ?? t('integral.shop')} extra={<Link to={paths.integral}>{t('integral.back')}</Link>}>
      <QueryStates query={goods} keys="integral">
        {g && (
          <Space align="start" size={32} wrap>
            {g.imageUrl ? <Image width={320} src={g.imageUrl} alt={g.name} /> : null}
            <Space direction="vertical" style={{ minWidth: 320 }}>
              <Descriptions column={1} bordered size="small">
                <Descriptions.Item label={t('integral.price')}>
                  <span data-testid="integral-price">{t('integral.pointsOf', { points: g.points })}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('integral.stock')}>{g.stock}</Descriptions.Item>
                <Descriptions.Item label={t('integral.limit')}>{t('integral.limitOf', { limit: g.limitPerFirm, redeemed: g.redeemedByFirm })}</Descriptions.Item>
              </Descriptions>
              {g.description && <Typography.Paragraph>{g.description}</Typography.Paragraph>}
              {g.stock <= 0 ? (
                <Alert type="info" message={t('integral.soldOut')} />
              ) : session ? (
                <RedeemForm goodsId={g.goodsId} points={g.points} left={Math.min(g.stock, g.limitPerFirm - g.redeemedByFirm)} />
              ) : (
                <Link to={paths.login}>{t('integral.loginToRedeem')}</Link>
              )}
            </Space>
          </Space>
        )}
      </QueryStates>
    </SectionCard>
  );
}

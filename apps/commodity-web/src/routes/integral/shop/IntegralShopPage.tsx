import { useState } from 'react';
import { Button, Card, Col, Empty, Pagination, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates, useSession } from '@tp/web-kit';
import { SectionCard } from '../../../layout/SectionPage';
import { paths } from '../../../paths';
import { useIntegralGoods, useIntegralSummary } from '../api';

const PAGE_SIZE = 12;

function Balance() {
  const { t } = useTranslation();
  const summary = useIntegralSummary();
  return (
    <Space>
      <Typography.Text>
        {t('integral.balance')}: <strong data-testid="integral-balance">{summary.data?.balance ?? '…'}</strong>
      </Typography.Text>
      <Link to={paths.integralMine}>
        <Button data-testid="integral-mine-link">{t('integral.mine')}</Button>
      </Link>
    </Space>
  );
}

/** `/integral`: the integral shop's goods on the shelf, each opening its detail page to redeem. */
export function IntegralShopPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const [page, setPage] = useState(0);
  const goods = useIntegralGoods({ page, size: PAGE_SIZE });
  const rows = goods.data?.content ?? [];
  return (
    <SectionCard title={t('integral.shop')} extra={session ? <Balance /> : <Link to={paths.login}>{t('integral.loginToRedeem')}</Link>}>
      <QueryStates query={goods} keys="integral">
        {rows.length === 0 ? (
          <Empty description={t('integral.noGoods')} data-testid="integral-no-goods" />
        ) : (
          <>
            <Row gutter={[16, 16]}>
              {rows.map((g) => (
                <Col key={g.goodsId} xs={24} sm={12} md={8} lg={6}>
                  <Link to={paths.integralGoods(g.goodsId)} data-testid="integral-goods">
                    <Card
                      hoverable
                      cover={g.thumbUrl ? <img alt={g.name} src={g.thumbUrl} style={{ height: 160, objectFit: 'cover' }} /> : <div className="integral-no-image" style={{ height: 160, background: '#f5f5f5' }} />}
                    >
                      <Card.Meta
                        title={g.name}
                        description={
                          <Space direction="vertical" size={0}>
                            <Typography.Text type="danger">{t('integral.pointsOf', { points: g.points })}</Typography.Text>
                            <Typography.Text type="secondary">{t('integral.stockOf', { stock: g.stock })}</Typography.Text>
                          </Space>
                        }
                      />
                    </Card>
                  </Link>
                </Col>
              ))}
            </Row>
            <Pagination style={{ marginTop: 16 }} current={page + 1} pageSize={PAGE_SIZE} total={goods.data?.total ?? 0} hideOnSinglePage showSizeChanger={false} onChange={(next) => setPage(next - 1)} />
          </>
        )}
      </QueryStates>
    </SectionCard>
  );
}

import { Alert, Button, Card, Col, Row, Space, Typography } from 'antd';
import {
  BankOutlined,
  ContainerOutlined,
  FileSearchOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { useSystemSwitches } from '../../../api/system';
import { paths } from '../../../paths';
import { LatestContent } from './LatestContent';

type AreaKey = 'resources' | 'purchase' | 'supplyDemand' | 'productionSell' | 'buyerCenter' | 'sellerCenter' | 'capitalCenter';

/** The home page's feature cards: only parts of the platform that exist (the route map has each of them). */
export const HOME_AREAS: readonly { key: AreaKey; to: string; icon: ReactNode }[] = [
  { key: 'resources', to: paths.resources, icon: <ContainerOutlined /> },
  { key: 'purchase', to: paths.purchase, icon: <FileSearchOutlined /> },
  { key: 'supplyDemand', to: paths.supplyDemand, icon: <SwapOutlined /> },
  { key: 'productionSell', to: paths.productionSell, icon: <ShopOutlined /> },
  { key: 'buyerCenter', to: paths.buyerCenter, icon: <ShoppingCartOutlined /> },
  { key: 'sellerCenter', to: paths.sellerCenter, icon: <SolutionOutlined /> },
  { key: 'capitalCenter', to: paths.capitalCenter, icon: <BankOutlined /> },
];

/** `/index`: what the platform offers and where each part lives. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const switches = useSystemSwitches();
  // The upgrade notice is staff's text for a maintenance under way: kept in the switches while
  // maintenance is off (drafted ahead), it is not news until the switch is on.
  const notice = (switches.data?.upgrade && switches.data.upgradeNotice) || t('home.securityNotice');

  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <section className="hero">
        <h1 data-testid="home-heading">{t('home.heroTitle')}</h1>
        <p>{t('home.heroSubtitle')}</p>
        <Space wrap>
          {isLoggedIn ? (
            <Button size="large" onClick={() => void navigate(paths.accountInfo)}>
              {t('home.enterCenter')}
            </Button>
          ) : (
            <>
              <Button size="large" onClick={() => void navigate(paths.register)}>
                {t('home.register')}
              </Button>
              <Button size="large" ghost onClick={() => void navigate(paths.login)}>
                {t('home.login')}
              </Button>
            </>
          )}
        </Space>
      </section>

      <Alert
        type="info"
        showIcon
        data-testid="notice-strip"
        title={
          <span>
            <Typography.Text strong>{t('home.noticeLabel')}：</Typography.Text>
            {notice}
          </span>
        }
        action={<Link to={paths.notice}>{t('home.moreNotices')}</Link>}
      />

      <section>
        <Typography.Title level={2}>{t('home.areasTitle')}</Typography.Title>
        <Row gutter={[16, 16]}>
          {HOME_AREAS.map((area) => (
            <Col key={area.key} xs={24} sm={12} lg={6}>
              <Link to={area.to}>
                <Card hoverable>
                  <Card.Meta
                    avatar={<span style={{ fontSize: 28, color: '#1a5fb4' }}>{area.icon}</span>}
                    title={t(`home.areas.${area.key}.title`)}
                    description={t(`home.areas.${area.key}.text`)}
                  />
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      </section>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <LatestContent column="notice" title={t('content.latestNotices')} />
        </Col>
        <Col xs={24} lg={12}>
          <LatestContent column="news" title={t('content.latestNews')} />
        </Col>
      </Row>
    </Space>
  );
}

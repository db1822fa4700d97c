import { Button } from 'antd';
import {
  BankOutlined,
  ContainerOutlined,
  FileSearchOutlined,
  InfoCircleFilled,
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
import './home.css';

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

  // Drawn with plain elements and the page's own styles rather than antd's Card, List, Alert and
  // Typography: this is the platform's landing page, and those would double what it downloads.
  return (
    <div className="home">
      <section className="hero">
        <h1 data-testid="home-heading">{t('home.heroTitle')}</h1>
        <p>{t('home.heroSubtitle')}</p>
        <div className="hero-actions">
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
        </div>
      </section>

      <div className="home-notice" role="alert" data-testid="notice-strip">
        <InfoCircleFilled className="home-notice-icon" />
        <span className="home-notice-text">
          <strong>{t('home.noticeLabel')}：</strong>
          {notice}
        </span>
        <Link to={paths.notice}>{t('home.moreNotices')}</Link>
      </div>

      <section>
        <h2 className="home-title">{t('home.areasTitle')}</h2>
        <div className="home-areas">
          {HOME_AREAS.map((area) => (
            <Link key={area.key} to={area.to} className="home-area">
              <span className="home-area-icon">{area.icon}</span>
              <span>
                <span className="home-area-title">{t(`home.areas.${area.key}.title`)}</span>
                <span className="home-area-text">{t(`home.areas.${area.key}.text`)}</span>
              </span>
            </Link>
          ))}
        </div>
      </section>

      <div className="home-latest">
        <LatestContent column="notice" title={t('content.latestNotices')} />
        <LatestContent column="news" title={t('content.latestNews')} />
      </div>
    </div>
  );
}

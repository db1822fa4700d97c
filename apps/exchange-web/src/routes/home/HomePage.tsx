import { Button, Card, Col, Row, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { paths } from '../../paths';

const FEATURES = ['spot', 'otc', 'wallet', 'kyc'] as const;

/** The exchange's landing page: what it offers, and the way in. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();

  return (
    <>
      <section className="ex-hero">
        <h1 data-testid="home-heading">{t('home.heroTitle')}</h1>
        <p>{t('home.heroSubtitle')}</p>
        <Space>
          {isLoggedIn ? (
            <Button type="primary" size="large" onClick={() => void navigate(paths.user)}>
              {t('home.enterUser')}
            </Button>
          ) : (
            <>
              <Button type="primary" size="large" onClick={() => void navigate(paths.register)}>
                {t('home.register')}
              </Button>
              <Button size="large" onClick={() => void navigate(paths.login)}>
                {t('home.login')}
              </Button>
            </>
          )}
        </Space>
      </section>
      <Row gutter={[16, 16]}>
        {FEATURES.map((key) => (
          <Col key={key} xs={24} sm={12} lg={6}>
            <Card title={t(`home.features.${key}.title`)}>{t(`home.features.${key}.text`)}</Card>
          </Col>
        ))}
      </Row>
    </>
  );
}

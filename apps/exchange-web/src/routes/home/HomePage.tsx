import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { paths } from '../../paths';
import { HomeNotices } from '../notice/HomeNotices';

const FEATURES = ['spot', 'otc', 'wallet', 'kyc'] as const;

/**
 * The exchange's landing page: what it offers, and the way in. Drawn with plain elements and the
 * exchange's own styles, so the first load carries no card or grid components.
 */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();

  return (
    <>
      <section className="ex-hero">
        <h1 data-testid="home-heading">{t('home.heroTitle')}</h1>
        <p>{t('home.heroSubtitle')}</p>
        <div className="ex-hero-actions">
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
        </div>
      </section>
      <HomeNotices />
      <ul className="ex-features">
        {FEATURES.map((key) => (
          <li key={key} className="ex-feature">
            <h2>{t(`home.features.${key}.title`)}</h2>
            <p>{t(`home.features.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppHeader } from './AppHeader';
import '../styles.css';

/** Header, the routed page, footer: the frame of every exchange page (plain elements, styled in styles.css). */
export function Shell() {
  const { t } = useTranslation();
  return (
    <div className="ex-shell">
      <AppHeader />
      <main className="ex-content">
        <Outlet />
      </main>
      <footer className="ex-footer">{t('app.copyright', { year: new Date().getFullYear() })}</footer>
      <ScrollRestoration />
    </div>
  );
}

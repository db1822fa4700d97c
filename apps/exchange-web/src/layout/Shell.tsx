import { Layout } from 'antd';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppHeader } from './AppHeader';
import '../styles.css';

/** Header, the routed page, footer: the frame of every exchange page. */
export function Shell() {
  const { t } = useTranslation();
  return (
    <Layout className="ex-shell">
      <AppHeader />
      <Layout.Content className="ex-content">
        <Outlet />
      </Layout.Content>
      <Layout.Footer className="ex-footer">{t('app.copyright', { year: new Date().getFullYear() })}</Layout.Footer>
      <ScrollRestoration />
    </Layout>
  );
}

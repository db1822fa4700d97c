import { Layout } from 'antd';
import { Outlet, ScrollRestoration } from 'react-router';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { RealNamePrompt } from '../routes/personalCenter/realName/RealNamePrompt';
import '../styles.css';

/** Header, the routed page, footer: the frame of every page of the platform. */
export function Shell() {
  return (
    <Layout className="shell">
      <AppHeader />
      <Layout.Content className="shell-content">
        <Outlet />
      </Layout.Content>
      <AppFooter />
      <RealNamePrompt />
      <ScrollRestoration />
    </Layout>
  );
}

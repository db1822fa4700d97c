import { Outlet, ScrollRestoration } from 'react-router';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { RealNamePrompt } from '../routes/personalCenter/realName/RealNamePrompt';
import '../styles.css';

/**
 * Header, the routed page, footer: the frame of every page of the platform. Plain elements with
 * the platform's styles rather than antd's Layout: the frame is part of every first load.
 */
export function Shell() {
  return (
    <div className="shell">
      <AppHeader />
      <main className="shell-content">
        <Outlet />
      </main>
      <AppFooter />
      <RealNamePrompt />
      <ScrollRestoration />
    </div>
  );
}

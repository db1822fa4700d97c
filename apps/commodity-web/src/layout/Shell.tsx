import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { RealNamePrompt } from '../routes/personalCenter/realName/RealNamePrompt';
import { ChatLauncher } from '@tp/web-kit';
import { chatDepartmentOf } from '../chat/department';
import { useFirmEnrolments } from '../routes/auction/enrolments';
import '../styles.css';

// The chat window is fetched on the launcher's first click, never with the page.
const chatWidget = () => import('../chat/ChatWidget');

/**
 * Header, the routed page, footer: the frame of every page of the platform. Plain elements with
 * the platform's styles rather than antd's Layout: the frame is part of every first load.
 */
export function Shell() {
  const { pathname } = useLocation();
  // With a session, the firm's auction sign-ups are loaded once at startup and kept for the lot lists.
  useFirmEnrolments();
  return (
    <div className="shell">
      <AppHeader />
      <main className="shell-content">
        <Outlet />
      </main>
      <AppFooter />
      <RealNamePrompt />
      <ChatLauncher department={chatDepartmentOf(pathname)} widget={chatWidget} />
      <ScrollRestoration />
    </div>
  );
}

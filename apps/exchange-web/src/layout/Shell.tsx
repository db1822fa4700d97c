import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ChatLauncher, useSession } from '@tp/web-kit';
import { AppHeader } from './AppHeader';
import { SiteFooter } from './SiteFooter';
import { chatDepartmentOf } from '../chat/department';
import '../styles.css';

// The chat window is fetched on the launcher's first click, never with the page.
const chatWidget = () => import('../chat/ChatWidget');

// Only a logged-in user can be asked to accept new terms: a visitor's first load does not fetch the dialog.
const TermsGate = lazy(() => import('../routes/legal/TermsGate').then((m) => ({ default: m.TermsGate })));

/** Header, the routed page, footer: the frame of every exchange page (plain elements, styled in styles.css). */
export function Shell() {
  const { isLoggedIn } = useSession();
  const { pathname } = useLocation();
  return (
    <div className="ex-shell">
      <AppHeader />
      <main className="ex-content">
        <Outlet />
      </main>
      <SiteFooter />
      {isLoggedIn ? (
        <Suspense fallback={null}>
          <TermsGate />
        </Suspense>
      ) : null}
      <ChatLauncher department={chatDepartmentOf(pathname)} widget={chatWidget} />
      <ScrollRestoration />
    </div>
  );
}

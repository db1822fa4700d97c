import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSession } from '@tp/web-kit';
import { AppHeader } from './AppHeader';
import { SiteFooter } from './SiteFooter';
import '../styles.css';

// Only a logged-in user can be asked to accept new terms: a visitor's first load does not fetch the dialog.
const TermsGate = lazy(() => import('../routes/legal/TermsGate').then((m) => ({ default: m.TermsGate })));

/** Header, the routed page, footer: the frame of every exchange page (plain elements, styled in styles.css). */
export function Shell() {
  const { isLoggedIn } = useSession();
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
      <ScrollRestoration />
    </div>
  );
}

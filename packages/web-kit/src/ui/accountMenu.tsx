import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useApp } from './actions';

/** The key of the user menu's logout entry; every other entry's key is the page it opens. */
export const LOGOUT_KEY = 'logout';

/** The user menu's pages, then a divider and the logout entry (found by the test id `logout`). */
export function accountMenuItems<I extends object>(pages: readonly I[], logoutLabel: ReactNode) {
  return [...pages, { type: 'divider' as const }, { key: LOGOUT_KEY, label: <span data-testid="logout">{logoutLabel}</span>, danger: true }];
}

export interface AccountMenuActions {
  /** Tells the server (the app's identity `useLogout().mutateAsync`); a failure there does not matter. */
  logout: () => Promise<unknown>;
  /** Forgets the session in this browser (the app's identity `endSession`). */
  endSession: () => void;
  loginPath: string;
  /** What the user reads once logged out. */
  loggedOut: string;
}

/** The user menu's clicks: an entry opens its page; logout ends the session, says so and goes to the login page. */
export function useAccountMenuClick({ logout, endSession, loginPath, loggedOut }: AccountMenuActions) {
  const navigate = useNavigate();
  const { message } = useApp();
  return ({ key }: { key: string }) => {
    if (key !== LOGOUT_KEY) {
      void navigate(key);
      return;
    }
    // Not a mutation's callbacks: ending the session unmounts the menu, and those would not run.
    void logout().then(() => {
      endSession();
      void message.success(loggedOut);
      void navigate(loginPath);
    });
  };
}

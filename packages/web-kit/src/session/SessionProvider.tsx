import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Session, SessionStore } from './store';

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore needs a SessionProvider (AppProviders renders one)');
  return store;
}

export interface SessionState {
  session: Session | null;
  isLoggedIn: boolean;
  hasRight: (rightCode: string) => boolean;
}

/** The current session, re-rendering when it is set, changed or cleared. */
export function useSession(): SessionState {
  const store = useSessionStore();
  const { session, rights } = useSyncExternalStore(store.subscribe, store.snapshot);
  return {
    session,
    isLoggedIn: Boolean(session?.sessionStr && session.firmId),
    hasRight: (rightCode) => rights.some((right) => right.rightCode === rightCode),
  };
}

import { createSessionStore, type SessionStore } from '@tp/web-kit';

const STORAGE_KEY = 'tp.exchange.session';

/**
 * The exchange's session, namespaced so the commodity platform and back office keep their own.
 * The exchange's spec asks only that the session be kept in the browser, and traders work in
 * several tabs, so it lives in local storage: every tab of the exchange shares one session (the
 * commodity platform keeps its spec's session storage, one session per tab).
 */
const store = createSessionStore({ storageKey: STORAGE_KEY, storage: window.localStorage });

const ownKey = (key: string | null) => key === null || key === STORAGE_KEY || key.startsWith(`${STORAGE_KEY}.`);
const listeners = new Set<() => void>();
const otherTabHandlers = new Set<() => void>();
let sessionStr = store.get()?.sessionStr ?? '';

// Another tab's writes arrive as storage events only (never in the tab that wrote them).
window.addEventListener('storage', (event) => {
  if ((event.storageArea && event.storageArea !== window.localStorage) || !ownKey(event.key)) return;
  for (const listener of listeners) listener();
  const now = store.get()?.sessionStr ?? '';
  if (now === sessionStr) return;
  sessionStr = now;
  for (const handle of otherTabHandlers) handle();
});

export const session: SessionStore = {
  ...store,
  subscribe(listener) {
    const off = store.subscribe(listener);
    listeners.add(listener);
    return () => {
      off();
      listeners.delete(listener);
    };
  },
};
// A session this tab sets or clears itself is not news from another tab.
store.subscribe(() => {
  sessionStr = store.get()?.sessionStr ?? '';
});

/** Runs `handle` when another tab logs in, logs out or logs in as someone else. */
export function onSessionFromOtherTab(handle: () => void): () => void {
  otherTabHandlers.add(handle);
  return () => otherTabHandlers.delete(handle);
}

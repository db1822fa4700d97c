// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionInfoFor } from '@tp/web-kit';
import { onSessionFromOtherTab, session } from './session';

const KEY = 'tp.exchange.session';

/** What the browser does in this tab when another tab of the same site writes local storage. */
function otherTabWrites(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the exchange session', () => {
  it('is kept in local storage, so a new tab of the exchange starts logged in', () => {
    session.set(sessionInfoFor({ sessionStr: 's-tab' }));
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toMatchObject({ sessionStr: 's-tab' });
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(session.isLoggedIn()).toBe(true);
  });

  it('follows a logout in another tab: the page re-renders logged out and the other-tab handler runs', () => {
    session.set(sessionInfoFor({ sessionStr: 's-both' }));
    const render = vi.fn();
    const handler = vi.fn();
    const unsubscribe = session.subscribe(render);
    const off = onSessionFromOtherTab(handler);

    otherTabWrites(KEY, null);

    expect(session.isLoggedIn()).toBe(false);
    expect(render).toHaveBeenCalled();
    expect(handler).toHaveBeenCalledTimes(1);
    unsubscribe();
    off();
  });

  it('follows a login in another tab, and ignores other namespaces and this tab\'s own changes', () => {
    const handler = vi.fn();
    const off = onSessionFromOtherTab(handler);
    otherTabWrites('tp.commodity.session', '{"sessionStr":"c"}');
    session.set(sessionInfoFor({ sessionStr: 's-own' }));
    expect(handler).not.toHaveBeenCalled();

    otherTabWrites(KEY, JSON.stringify(sessionInfoFor({ sessionStr: 's-other' })));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(session.get()?.sessionStr).toBe('s-other');
    off();
  });
});

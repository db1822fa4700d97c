// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionInfoFor } from '../testing/sessionInfo';
import { createSessionStore } from './store';

const INFO = sessionInfoFor({ userType: 'enterprise', userCerStatus: '2' });

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('createSessionStore', () => {
  it('keeps the spec session fields in session storage under its key', () => {
    const store = createSessionStore({ storageKey: 'tp.test.session' });
    store.set(INFO);
    const stored = JSON.parse(sessionStorage.getItem('tp.test.session') ?? 'null') as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(
      ['firmCode', 'firmId', 'highCerStatus', 'isLogin', 'isMainAccount', 'marketId', 'nickNameStatus', 'sessionStr', 'tel', 'userCerStatus', 'userId', 'userType'].sort(),
    );
    expect(store.get()).toMatchObject({ sessionStr: 's-abc', firmId: 'f-9', tel: '13800000001' });
  });

  it('counts as logged in only with both the session string and the firm id', () => {
    const store = createSessionStore({ storageKey: 'tp.test.session' });
    expect(store.isLoggedIn()).toBe(false);
    store.set(INFO);
    expect(store.isLoggedIn()).toBe(true);
    store.update({ firmId: '' });
    expect(store.isLoggedIn()).toBe(false);
    store.update({ firmId: 'f-9', sessionStr: '' });
    expect(store.isLoggedIn()).toBe(false);
  });

  it('answers right checks from the loaded rights', () => {
    const store = createSessionStore({ storageKey: 'tp.test.session' });
    store.setRights([{ rightCode: 'trade.order', rightName: '下单' }]);
    expect(store.hasRight('trade.order')).toBe(true);
    expect(store.hasRight('capital.withdraw')).toBe(false);
  });

  it('returns the same snapshot until storage changes, and notices outside edits', () => {
    const store = createSessionStore({ storageKey: 'tp.test.session' });
    store.set(INFO);
    const first = store.snapshot();
    expect(store.snapshot()).toBe(first);
    sessionStorage.setItem('tp.test.session', JSON.stringify({ ...INFO, sessionStr: 'edited' }));
    expect(store.snapshot()).not.toBe(first);
    expect(store.get()?.sessionStr).toBe('edited');
  });

  it('clears its own keys from both storages, leaving other namespaces and the language choice', () => {
    const store = createSessionStore({ storageKey: 'tp.test.session' });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(INFO);
    store.setRights([{ rightCode: 'a', rightName: 'A' }]);
    localStorage.setItem('tp.test.session.userInfo', '{}');
    localStorage.setItem('tp.language', 'en');
    sessionStorage.setItem('tp.other.session', '{}');

    store.clear();

    expect(sessionStorage.getItem('tp.test.session')).toBeNull();
    expect(sessionStorage.getItem('tp.test.session.roleRight')).toBeNull();
    expect(localStorage.getItem('tp.test.session.userInfo')).toBeNull();
    expect(localStorage.getItem('tp.language')).toBe('en');
    expect(sessionStorage.getItem('tp.other.session')).toBe('{}');
    expect(store.get()).toBeNull();
    expect(store.isLoggedIn()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

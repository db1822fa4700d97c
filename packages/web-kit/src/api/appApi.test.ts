// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, createI18n } from '../i18n/createI18n';
import { apiReply } from '../testing/apiReply';
import { sessionInfoFor } from '../testing/sessionInfo';
import { createAppApi } from './appApi';


afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('an app’s API client', () => {
  it('sends the language the user reads, and on an expired session opens the app’s login keeping the page the user was on', async () => {
    vi.useFakeTimers();
    const i18n = createI18n({ resources: { cn: {}, en: {}, tw: {} } });
    await chooseLanguage(i18n, 'en');
    const fetch = vi.fn((_url: string, _init?: RequestInit) => apiReply(null, '-10011', 'Your session has expired, please log in again', 401));
    vi.stubGlobal('fetch', fetch);
    const router = { navigate: vi.fn(), state: { location: { pathname: '/wallet/withdraw', search: '?coin=BTC' } } };
    const clear = vi.fn();
    const { api, notifier } = createAppApi({ session: { get: () => sessionInfoFor(), clear }, i18n, basename: '/exchange', router: () => router });
    const notices: string[] = [];
    notifier.attach({ error: ({ content }) => notices.push(content) });

    await expect(api.post('/api/wallet/withdraw', {})).rejects.toMatchObject({ code: '-10011' });
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('Accept-Language')).toMatch(/^en/);
    expect(notices).toEqual(['Your session has expired, please log in again']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(router.navigate).toHaveBeenCalledExactlyOnceWith('/login?redirect=%2Fwallet%2Fwithdraw%3Fcoin%3DBTC');
  });
});

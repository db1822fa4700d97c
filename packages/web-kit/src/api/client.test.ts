import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@tp/contract';
import type { Session } from '../session/store';
import { sessionInfoFor } from '../testing/sessionInfo';
import { ApiError, createApiClient, type Notice } from './client';

const SESSION: Session = sessionInfoFor();

function envelope(code: string, message: string, value: unknown = null, status = 200): Response {
  return new Response(JSON.stringify({ code, message, value }), { status, headers: { 'content-type': 'application/json' } });
}

/** A server that never answers: the request ends only when it is aborted. */
function answerNever(_url: unknown, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

function setup(options: { language?: Language; session?: Session | null; path?: string } = {}) {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  const notify = vi.fn<(notice: Notice) => void>();
  const navigate = vi.fn<(to: string) => void>();
  const clear = vi.fn();
  const client = createApiClient({
    session: { get: () => (options.session === undefined ? SESSION : options.session), clear },
    getLanguage: () => options.language ?? 'cn',
    notify,
    navigate,
    currentPath: () => options.path ?? '/personalCenter/accountInfo?tab=safe',
  });
  return { client, fetchMock, notify, navigate, clear };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createApiClient', () => {
  it('posts JSON with the session headers and the UI language, and returns value', async () => {
    const { client, fetchMock } = setup({ language: 'tw' });
    fetchMock.mockResolvedValue(envelope('0', 'success', { hasPassword: true }));

    await expect(client.post('/api/user/password/check', { a: 1 })).resolves.toEqual({ hasPassword: true });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/password/check');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      'Accept-Language': 'zh-TW',
      'Content-Type': 'application/json',
      firmid: 'f-9',
      sessionstr: 's-abc',
      userid: 'u-1',
      marketid: '13',
      terminaltype: '4',
    });
  });

  it('sends no session headers without a session, but still the market and terminal', async () => {
    const { client, fetchMock } = setup({ session: null, language: 'en' });
    fetchMock.mockResolvedValue(envelope('0', 'success', null));
    await client.post('/api/user/login', {});
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers).not.toHaveProperty('sessionstr');
    expect(headers).not.toHaveProperty('firmid');
    expect(headers).toMatchObject({ marketid: '13', terminaltype: '4', 'Accept-Language': 'en-US' });
  });

  it('repeats array parameters of a GET', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(envelope('0', 'success', []));
    await client.get('/api/content', { columnId: [3, 4], page: 0, missing: undefined });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/content?columnId=3&columnId=4&page=0');
    expect(fetchMock.mock.calls[0]![1]!.body).toBeUndefined();
  });

  it.each([
    ['cn', '网络不稳定'],
    ['en', 'Network unstable'],
    ['tw', '網路不穩定'],
  ] as const)('shows "network unstable" for 2 s when no response comes (%s)', async (language, text) => {
    const { client, fetchMock, notify } = setup({ language });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await client.post('/api/x').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'network', message: text, httpStatus: 0 });
    expect(notify).toHaveBeenCalledExactlyOnceWith({ content: text, durationSeconds: 2, key: 'network-unstable' });
  });

  it('gives up after 10 s and says the network is unstable', async () => {
    const { client, fetchMock, notify } = setup();
    fetchMock.mockImplementation(answerNever);
    const pending = client.post('/api/slow').catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    expect(await pending).toMatchObject({ code: 'network' });
    expect(notify).toHaveBeenCalledExactlyOnceWith({ content: '网络不稳定', durationSeconds: 2, key: 'network-unstable' });
  });

  it('treats a body that is not the envelope (a proxy error page) as no answer', async () => {
    const { client, fetchMock, notify } = setup();
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(client.post('/api/x')).rejects.toMatchObject({ code: 'network' });
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ content: '网络不稳定' }));
  });

  it('stays silent when the caller cancels', async () => {
    const { client, fetchMock, notify } = setup();
    fetchMock.mockImplementation(answerNever);
    const caller = new AbortController();
    const pending = client.post('/api/x', {}, undefined, { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('stays silent when the caller cancels while the body is still arriving', async () => {
    const { client, fetchMock, notify } = setup();
    const caller = new AbortController();
    fetchMock.mockImplementation((_url, init) => {
      const body = new ReadableStream({
        start(stream) {
          init?.signal?.addEventListener('abort', () => stream.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    const pending = client.post('/api/x', {}, undefined, { signal: caller.signal });
    await vi.advanceTimersByTimeAsync(0);
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows the server message of any other failure code and rejects with a typed error', async () => {
    const { client, fetchMock, notify, navigate } = setup();
    const fields = [{ field: 'password', rule: 'format', message: '密码格式不正确' }];
    fetchMock.mockResolvedValue(envelope('-1001', '密码格式不正确', { fields }, 422));

    const error = await client.post('/api/user/register', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '-1001', message: '密码格式不正确', httpStatus: 422 });
    expect((error as ApiError).fields).toEqual(fields);
    expect(notify).toHaveBeenCalledExactlyOnceWith({ content: '密码格式不正确', durationSeconds: 3 });
    await vi.runAllTimersAsync();
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['-10011', '-2', '-4'])(
    'on session code %s shows the message once, and after 1 s clears the session and goes to login',
    async (code) => {
      const { client, fetchMock, notify, navigate, clear } = setup();
      fetchMock.mockImplementation(() => Promise.resolve(envelope(code, '会话已失效，请重新登录', null, 401)));

      const results = await Promise.all([client.post('/api/a').catch((e: unknown) => e), client.post('/api/b').catch((e: unknown) => e)]);

      for (const result of results) expect(result).toMatchObject({ code, message: '会话已失效，请重新登录', httpStatus: 401 });
      expect(notify).toHaveBeenCalledExactlyOnceWith({ content: '会话已失效，请重新登录', durationSeconds: 3, key: 'session-invalid' });
      await vi.advanceTimersByTimeAsync(999);
      expect(clear).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();

      await vi.advanceTimersByTimeAsync(1);
      expect(clear).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/login?redirect=%2FpersonalCenter%2FaccountInfo%3Ftab%3Dsafe');
    },
  );

  it.each(['-10011', '-2', '-4'])('never tells a visitor their session expired nor sends them to login (code %s)', async (code) => {
    const { client, fetchMock, notify, navigate, clear } = setup({ session: null, path: '/ResourceDocuments/ResourceDocuments' });
    fetchMock.mockResolvedValue(envelope(code, '会话已失效，请重新登录', null, 401));

    const error = await client.post('/api/warehouse/holdings', {}).catch((e: unknown) => e);

    expect(error).toMatchObject({ code, httpStatus: 401 });
    await vi.runAllTimersAsync();
    expect(notify).not.toHaveBeenCalled();
    expect(clear).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the session message again for a later, separate expiry', async () => {
    const { client, fetchMock, notify, navigate } = setup();
    fetchMock.mockImplementation(() => Promise.resolve(envelope('-10011', '会话已失效，请重新登录', null, 401)));
    await client.post('/api/a').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    await client.post('/api/b').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(notify).toHaveBeenCalledTimes(2);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('does not navigate when the session expires on the login page itself', async () => {
    const { client, fetchMock, navigate, clear } = setup({ path: '/login?redirect=%2Fx' });
    fetchMock.mockResolvedValue(envelope('-10011', '会话已失效，请重新登录', null, 401));
    await client.post('/api/a').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('checks the value against the schema and reports data it cannot read', async () => {
    const { client, fetchMock, notify } = setup();
    const schema = {
      parse(value: unknown) {
        if (typeof value !== 'string') throw new Error('not a string');
        return value;
      },
    };
    fetchMock.mockResolvedValueOnce(envelope('0', 'success', 'fine'));
    await expect(client.post('/api/x', {}, schema)).resolves.toBe('fine');

    fetchMock.mockResolvedValueOnce(envelope('0', 'success', 42));
    await expect(client.post('/api/x', {}, schema)).rejects.toMatchObject({ code: 'bad-response' });
    expect(notify).toHaveBeenCalledExactlyOnceWith({ content: '服务器返回了无法识别的数据', durationSeconds: 3 });
  });
});

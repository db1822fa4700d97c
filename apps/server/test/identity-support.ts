import type { SessionInfo } from '@tp/contract';
import type { TestContext } from './harness';

export interface Reply<T = unknown> {
  status: number;
  code: string;
  message: string;
  value: T;
}

let ipCounter = 0;
let phoneCounter = 0;

/** A mobile number no other test in this process uses. */
export function newPhone(): string {
  phoneCounter += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

export const PASSWORD = 'Abc12345!';

export function sessionHeaders(session: Pick<SessionInfo, 'sessionStr' | 'userId' | 'firmId'>): Record<string, string> {
  return { sessionstr: session.sessionStr, userid: session.userId, firmid: session.firmId, marketid: '13', terminaltype: '4' };
}

/**
 * A browser: its own IP address (so per-IP limits of one test do not spill into another) and,
 * once logged in, its session headers.
 */
export function client(ctx: TestContext, options: { lang?: string } = {}) {
  ipCounter += 1;
  const ip = `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  let headers: Record<string, string> = {};

  async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown, extra: Record<string, string> = {}): Promise<Reply<T>> {
    const res = await ctx.app.http.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { 'accept-language': options.lang ?? 'en', 'user-agent': 'vitest', ...headers, ...extra },
      ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}),
    });
    const json = res.json() as { code: string; message: string; value: T };
    return { status: res.statusCode, code: json.code, message: json.message, value: json.value };
  }

  return {
    ip,
    post: <T = unknown>(url: string, body?: unknown, extra?: Record<string, string>) => call<T>('POST', url, body, extra),
    get: <T = unknown>(url: string, extra?: Record<string, string>) => call<T>('GET', url, undefined, extra),
    useSession(session: Pick<SessionInfo, 'sessionStr' | 'userId' | 'firmId'> | null) {
      headers = session ? sessionHeaders(session) : {};
    },
    get headers() {
      return headers;
    },
  };
}
export type Client = ReturnType<typeof client>;

interface OutboxEntry {
  account: string;
  channel: string;
  purpose: string;
  code: string;
  createdAt: string;
}

/** The newest code the dev sender "sent" to the account (for the purpose, when given). */
export async function lastCode(ctx: TestContext, account: string, purpose?: string): Promise<string> {
  const res = await ctx.app.http.inject({ method: 'GET', url: `/api/dev/outbox?account=${encodeURIComponent(account)}` });
  const entries = (res.json() as { value: OutboxEntry[] }).value;
  const entry = entries.find((e) => !purpose || e.purpose === purpose);
  if (!entry) throw new Error(`no code in the dev outbox for ${account} ${purpose ?? ''}`);
  return entry.code;
}

/** A captcha and its answer (read from the dev outbox, as an end-to-end test would). */
export async function solvedCaptcha(ctx: TestContext, c: Client): Promise<{ captchaId: string; captchaCode: string }> {
  const res = await c.post<{ captchaId: string; image: string }>('/api/captcha/generate');
  const captchaId = res.value.captchaId;
  return { captchaId, captchaCode: await lastCode(ctx, captchaId, 'captcha') };
}

/** Registers a new personal account by mobile and returns its session. */
export async function registerByPhone(ctx: TestContext, c: Client, tel = newPhone(), password = PASSWORD, extra: Record<string, unknown> = {}): Promise<SessionInfo> {
  const sent = await c.post('/api/code/send', { account: tel, purpose: 'register' });
  if (sent.code !== '0') throw new Error(`send code failed: ${sent.message}`);
  const code = await lastCode(ctx, tel, 'register');
  const res = await c.post<SessionInfo>('/api/user/register', { registerWay: 'mobile', loginAccount: tel, code, password, termsAccepted: true, ...extra });
  if (res.code !== '0') throw new Error(`register failed: ${res.message}`);
  return res.value;
}

/** A newly registered personal user, logged in: its browser, mobile number and session. */
export async function loggedInUser(ctx: TestContext, options: { lang?: string } = {}): Promise<{ c: Client; tel: string; session: SessionInfo }> {
  const c = client(ctx, options);
  const tel = newPhone();
  const session = await registerByPhone(ctx, c, tel);
  c.useSession(session);
  return { c, tel, session };
}

/** A valid mainland resident ID number: the 17 digits given and their GB 11643 check character. */
export function idWithCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return first17 + '10X98765432'[sum % 11];
}

/** A back-office staff member (the demo `admin` unless named) logged in with the demo password. */
export async function staffClient(ctx: TestContext, account = 'admin', password = 'Demo@123456'): Promise<Client> {
  const c = client(ctx, { lang: 'en' });
  const login = await c.post<{ sessionStr: string; staffId: string }>('/api/admin/login', { account, password });
  if (login.code !== '0') throw new Error(`staff login of ${account} failed: ${login.message}`);
  c.useSession({ sessionStr: login.value.sessionStr, userId: login.value.staffId, firmId: '' });
  return c;
}

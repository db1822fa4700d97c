import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@123456';

/** A valid 1×1 PNG: the server sniffs, re-encodes and thumbnails it like any photo. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The headers an API session is sent with. */
export type ApiHeaders = Record<string, string>;

/** Posts to the API and expects success; the answer's value. */
export async function apiCall<T = Record<string, string>>(request: APIRequestContext, path: string, data: unknown, headers: ApiHeaders = {}): Promise<T> {
  const res = await request.post(path, { data, headers });
  const body = (await res.json()) as { code: string; message: string; value: T };
  expect(body.code, `${path}: ${body.message}`).toBe('0');
  return body.value;
}

/** A session of the demo super-administrator for API calls (it ends any back-office page's session of the same account). */
export async function staffApiHeaders(request: APIRequestContext): Promise<ApiHeaders> {
  const login = await apiCall<{ sessionStr: string; staffId: string }>(request, '/api/admin/login', { account: 'admin', password: DEMO_PASSWORD });
  return { sessionstr: login.sessionStr, userid: login.staffId, firmid: '' };
}

interface OutboxEntry {
  account: string;
  channel: 'sms' | 'email' | 'captcha';
  purpose: string;
  code: string;
  createdAt: string;
}

/** What the development sender kept for an account (codes) or a captcha id (answers), newest first. */
export async function outbox(request: APIRequestContext, account: string): Promise<OutboxEntry[]> {
  const response = await request.get(`/api/dev/outbox?account=${encodeURIComponent(account)}`);
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { code: string; value: OutboxEntry[] };
  expect(body.code).toBe('0');
  return body.value;
}

/** The newest code sent to `account`, waiting for the sender to have delivered it. */
export async function latestCode(request: APIRequestContext, account: string, purpose: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = (await outbox(request, account)).find((entry) => entry.channel !== 'captcha' && entry.purpose === purpose)?.code ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Fills a form's fields by their test ids (`field-<name>`), in the order given. */
export async function fillFields(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.getByTestId(`field-${name}`).fill(value);
}

/** Verifies the logged-in exchange user's real name (basic verification) on the verification page. */
export async function verifyExchangeRealName(page: Page, name: string, idNumber: string): Promise<void> {
  await page.goto('/exchange/user/verification');
  await page.locator('#basicVerification_name').fill(name);
  await page.locator('#basicVerification_idNumber').fill(idNumber);
  await page.getByTestId('basic-submit').click();
  await expect(page.getByTestId('verification-status')).toContainText('已认证');
}

/** A mobile number no other run has used: 139 followed by eight digits from the clock and a counter. */
let counter = 0;
export function freshMobile(): string {
  counter += 1;
  const tail = `${Date.now() % 1_000_000}${counter % 100}`.padStart(8, '0').slice(-8);
  return `139${tail}`;
}

/**
 * Clicks a "send code" button; when the server first asks for the image captcha, answers it from
 * the development outbox the way a person would read the picture.
 */
export async function sendCode(page: Page, request: APIRequestContext): Promise<void> {
  await page.getByTestId('send-code').click();
  const captchaImage = page.getByTestId('captcha-image');
  const sent = page.getByTestId('send-code').filter({ hasText: /\d/ });
  await expect(sent.or(captchaImage)).toBeVisible();
  if (await captchaImage.isVisible()) {
    const captchaId = await captchaImage.getAttribute('data-captcha-id');
    expect(captchaId).toBeTruthy();
    const answer = (await outbox(request, captchaId ?? ''))[0]?.code ?? '';
    await page.getByRole('dialog').getByRole('textbox').fill(answer);
    await page.getByTestId('captcha-submit').click();
    await expect(sent).toBeVisible();
  }
}

/** Logs out from the header's user menu; the menu may still be opening, so the choice is retried until the login link shows. */
export async function logOut(page: Page): Promise<void> {
  await expect(async () => {
    if (!(await page.getByTestId('logout').isVisible())) await page.getByTestId('user-menu').click({ timeout: 2_000 });
    await page.getByTestId('logout').click({ timeout: 2_000 });
    await expect(page.getByTestId('header-login')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Presses a dialog's OK until what it does shows (`done` asserts that, briefly): a press while the
 * dialog is still opening can be lost. A press that took closes the dialog, so it is not repeated.
 */
export async function pressOk(page: Page, okTestId: string, done: () => Promise<unknown>): Promise<void> {
  await expect(async () => {
    const ok = page.getByTestId(okTestId);
    if (await ok.isVisible()) await ok.click({ timeout: 2_000 });
    await done();
  }).toPass({ timeout: 30_000 });
}

/** A resident ID number no other run has used, with a valid GB 11643 check character (birth date and sequence from the clock). */
export function freshIdNumber(): string {
  counter += 1;
  const stamp = Date.now() + counter;
  const birth = new Date(Date.UTC(1970, 0, 1) + (stamp % 10_000) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  return residentId(`110101${birth}${String(Math.floor(stamp / 10_000) % 1000).padStart(3, '0')}`);
}

/** The resident ID number starting with these 17 digits: its GB 11643 check character appended. */
export function residentId(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return first17 + '10X98765432'[sum % 11];
}

/**
 * Verifies the logged-in personal user's real name on the personal center's page, as personal firms
 * must before trading; the page then shows it masked.
 */
export async function verifyRealName(page: Page, name: string, idNumber = freshIdNumber()): Promise<string> {
  await page.goto('/personalCenter/realName');
  await page.locator('#realName_name').fill(name);
  await page.locator('#realName_idNumber').fill(idNumber);
  await page.getByTestId('realname-submit').click();
  await expect(page.getByTestId('realname-id')).toHaveText(`${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`);
  return idNumber;
}

export interface Registration {
  /** The register page: the commodity platform's (`/register`) or the exchange's (`/exchange/register`). */
  at?: string;
  /** An e-mail address to register with instead of a fresh mobile number. */
  email?: string;
  /** Register an enterprise firm instead of a personal one (commodity platform). */
  enterprise?: boolean;
  /** The invitation code an invitation link must have filled in. */
  invitationCode?: string;
}

/** Signs a new user up through the register form with a code from the outbox; returns the account, logged in. */
export async function register(page: Page, request: APIRequestContext, { at = '/register', email, enterprise = false, invitationCode }: Registration = {}): Promise<string> {
  const account = email ?? freshMobile();
  await page.goto(at);
  if (invitationCode !== undefined) await expect(page.locator('#register_invitationCode')).toHaveValue(invitationCode);
  if (enterprise) await page.getByText('企业', { exact: true }).click();
  if (email) await page.getByTestId('register-way-email').click();
  await page.locator('#register_loginAccount').fill(account);
  await sendCode(page, request);
  await page.locator('#register_code').fill(await latestCode(request, account, 'register'));
  await page.locator('#register_password').fill('Trade@2026');
  await page.locator('#register_confirm').fill('Trade@2026');
  await page.locator('#register_termsAccepted').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  return account;
}

/** Registers a new personal user on the commodity platform with a fresh mobile number; returns the number, logged in. */
export function registerPersonal(page: Page, request: APIRequestContext): Promise<string> {
  return register(page, request);
}

/** Fills the login form on the page (either platform's) and submits it. */
export async function submitLogin(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.locator('#login_loginAccount').fill(account);
  await page.locator('#login_password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Logs a commodity-platform user in with the demo password, from the login page that returns to `target`. */
export async function login(page: Page, account: string, target = '/capitalCenter/info'): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await submitLogin(page, account);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
}

/**
 * Back-office sessions of this test worker by account. Every sign-in counts towards the account's
 * login limit, as it would for a person: later journeys carry on with the first session instead
 * of signing in again, as a member of staff keeps one session open through the day.
 */
const staffSessions = new Map<string, [string, string][]>();
const STAFF_SESSION_KEY = 'tp.admin.session';

/** Whether a saved back-office session is still open on the server. */
async function staffSessionOpen(page: Page, saved: [string, string][]): Promise<boolean> {
  const raw = saved.find(([key]) => key === STAFF_SESSION_KEY)?.[1];
  const session = raw ? (JSON.parse(raw) as { sessionStr?: string; userId?: string; firmId?: string }) : {};
  const answer = await page.request.post('/api/admin/staff/access', {
    data: {},
    headers: { sessionstr: session.sessionStr ?? '', userid: session.userId ?? '', firmid: session.firmId ?? '' },
  });
  return answer.ok() && ((await answer.json()) as { code: string }).code === '0';
}

/**
 * Staff open a back-office page, are sent to the staff login, and sign in (as `account`) to come
 * back to it. A journey about the sign-in itself asks for a `fresh` one.
 */
export async function staffLogin(page: Page, target: string, account = 'admin', options: { fresh?: boolean } = {}): Promise<void> {
  await page.goto(target);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  const saved = options.fresh ? undefined : staffSessions.get(account);
  if (saved && (await staffSessionOpen(page, saved))) {
    await page.evaluate((entries) => entries.forEach(([key, value]) => sessionStorage.setItem(key, value)), saved);
    await page.goto(target);
    return;
  }
  await page.locator('#adminLogin_loginAccount').fill(account);
  await page.locator('#adminLogin_password').fill(DEMO_PASSWORD);
  await page.getByTestId('admin-login-submit').click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  staffSessions.set(
    account,
    await page.evaluate((prefix) => Object.entries(sessionStorage).filter(([key]) => key === prefix || key.startsWith(`${prefix}.`)), STAFF_SESSION_KEY),
  );
}

/** A second browser window in which staff have signed in to the back office at `target`. */
export async function staffWindow(browser: Browser, target: string): Promise<Page> {
  const staff = await browser.newPage();
  await staffLogin(staff, target);
  return staff;
}

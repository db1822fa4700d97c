/**
 * What the commodity platform's page tests share: a fake API, a logged-in firm, the app's
 * providers around a page, and the antd fields a user fills in. Tests only: nothing here is
 * imported by the app.
 */
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Language, SessionInfo, SystemSwitches } from '@tp/contract';
import { AppProviders, apiReply, chooseLanguage, sessionInfoFor } from '@tp/web-kit';
import { notifier, queryClient } from './api/client';
import { i18n } from './i18n';
import { routes } from './router';
import { session } from './session';

/** A personal buyer who has not verified a real name yet. */
export const PERSONAL: SessionInfo = sessionInfoFor({ userId: '100001', sessionStr: 's-1', firmId: '10001', firmCode: '10000001' });

/** The main account of a certified enterprise that sells and buys. */
export const ENTERPRISE: SessionInfo = {
  ...PERSONAL,
  userId: '100003',
  sessionStr: 's-3',
  tel: '13900000003',
  firmId: '10003',
  firmCode: '10000003',
  userType: 'enterprise',
  userCerStatus: '1',
};

/** Logs the firm in, holding the given firm rights. */
export function logIn(info: SessionInfo, rights: readonly string[] = []): void {
  session.set(info);
  if (rights.length > 0) session.setRights(rights.map((rightCode) => ({ rightCode, rightName: rightCode })));
}

/** The platform's JSON envelope, as the server answers. */
export const reply = apiReply;

export const SWITCHES_ON: SystemSwitches = { upgrade: false, upgradeNotice: '', bankFunction: true };
export const EMPTY_PAGE = { content: [], total: 0, page: 0, size: 10 };

export interface ApiCall {
  /** The path without its query. */
  path: string;
  url: string;
  /** The JSON body sent, if any. */
  body: unknown;
}

/**
 * Replaces the API with `answer` for the paths a test is about; the system switches read as
 * normal and anything else answers an empty page. Returns every call, in order.
 */
export function stubApi(answer: (path: string, init?: RequestInit) => Promise<Response> | undefined = () => undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      calls.push({ path, url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
      const answered = answer(path, init);
      if (answered) return answered;
      if (path === '/api/system/switches') return reply(SWITCHES_ON);
      return reply(EMPTY_PAGE);
    }),
  );
  return calls;
}

/** Reads the pages in `language` (Chinese unless said), and leaves no page, stub, cache or session behind. */
export function resetAroundEachTest(language: Language = 'cn'): void {
  beforeEach(() => chooseLanguage(i18n, language));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    queryClient.clear();
    session.clear();
  });
}

export function renderInApp(children: ReactNode): void {
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier}>
      {children}
    </AppProviders>,
  );
}

/** Opens the app's route map at `entry`; the router tells where the user ends up. */
export function openAt(entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  renderInApp(<RouterProvider router={router} />);
  return router;
}

/** Renders one page or component on its own, at `entry`. */
export function openAlone(element: ReactElement, entry = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [entry] });
  renderInApp(<RouterProvider router={router} />);
  return router;
}

/** Finds by test id, waiting for the first visit's lazy route modules to load. */
export const findSlow = (testId: string) => screen.findByTestId(testId, {}, { timeout: 15_000 });

/** Types into the input of antd form `form`'s field `field`. */
export function typeInto(form: string, field: string, value: string): void {
  fireEvent.change(document.querySelector<HTMLInputElement>(`#${form}_${field}`)!, { target: { value } });
}

const OPEN_OPTIONS = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';

/** Opens an antd select by its test id and returns the option labels it offers. */
export async function optionsOf(testId: string): Promise<string[]> {
  const select = await findSlow(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const list = await waitFor(() => {
    const last = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
    if (!last) throw new Error('no dropdown open');
    return last;
  });
  return [...list.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title') ?? o.textContent ?? '');
}

/** Chooses the option labelled `label` in the antd select with test id `testId`. */
export async function pickOption(testId: string, label: string): Promise<void> {
  await optionsOf(testId);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll(OPEN_OPTIONS)].find((o) => (o.getAttribute('title') ?? o.textContent) === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

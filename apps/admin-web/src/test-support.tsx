/**
 * What the back office's page tests share: a logged-in staff member, a fake API, and the app's
 * providers around one page. Tests only: nothing here is imported by the app.
 */
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders, apiReply, chooseLanguage, sessionInfoFor, type Session } from '@tp/web-kit';
import { notifier, queryClient } from './api/client';
import { i18n } from './i18n';
import { session } from './session';

export const STAFF: Session = sessionInfoFor({
  userId: '1',
  sessionStr: 's',
  tel: '',
  firmId: 'staff',
  firmCode: '',
  marketId: '',
  userCerStatus: '',
  nickNameStatus: '',
  highCerStatus: '',
  isMainAccount: false,
});

export const logInStaff = (info: Session = STAFF) => session.set(info);

/** The platform's JSON envelope, as the server answers. */
export const reply = apiReply;

export interface ApiCall {
  url: string;
  /** The JSON body sent (`{}` when none). */
  body: Record<string, unknown>;
}

/** Replaces the API with `answer`; returns every call, in order, with its body. */
export function stubApi(answer: (url: string, body: Record<string, unknown>) => Promise<Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      calls.push({ url, body });
      return answer(url, body);
    }),
  );
  return calls;
}

/** Reads the pages in Chinese, and leaves no page, stub, cache or session behind. */
export function resetAroundEachTest(): void {
  beforeEach(() => chooseLanguage(i18n, 'cn'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    queryClient.clear();
    session.clear();
  });
}

/** Renders one back-office page inside the app's providers, at `entry` (its path is the page's route). */
export function renderPage(page: ReactElement, entry = '/'): void {
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={entry.split('?')[0]} element={page} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

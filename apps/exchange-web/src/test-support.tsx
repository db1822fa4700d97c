/**
 * What the exchange's page tests share: a logged-in user reading English, a fake API answering
 * by path, and the app's providers around one page. Tests only: nothing here is imported by the app.
 */
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders, apiReply, chooseLanguage, sessionInfoFor } from '@tp/web-kit';
import { notifier, queryClient } from './api/client';
import { i18n } from './i18n';
import { session } from './session';

/** The platform's JSON envelope, as the server answers. */
export const envelope = (value: unknown) => apiReply(value);

/** Answers each API path with its entry; the longest matching path wins, a path without one never answers (still loading). */
export function stubApi(answers: Record<string, () => Promise<Response>>) {
  const fetch = vi.fn((url: string) => {
    const path = Object.keys(answers)
      .filter((p) => url.endsWith(p))
      .sort((a, b) => b.length - a.length)[0];
    return path ? answers[path]!() : new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A user logged in before each test, reading English; no page, stub, cache or session left after it. */
export function loggedInAroundEachTest(): void {
  beforeEach(async () => {
    await chooseLanguage(i18n, 'en');
    session.set(sessionInfoFor({ userId: '7', sessionStr: 's', language: 'en' }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    queryClient.clear();
    session.clear();
  });
}

/** Renders a page inside the app's providers at `entry`, matched by `route` (the entry itself by default). */
export function renderPage(page: ReactElement, entry = '/', route = entry.split('?')[0]): void {
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={route} element={page} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

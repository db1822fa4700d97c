// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders, chooseLanguage } from '@tp/web-kit';
import { notifier, queryClient } from '../api/client';
import { i18n } from '../i18n';
import { session } from '../session';
import { AppHeader } from './AppHeader';

function Where() {
  const { pathname, search } = useLocation();
  return <span data-testid="where">{pathname + search}</span>;
}

function visitAt(entry: string) {
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <AppHeader />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(async () => {
  await chooseLanguage(i18n, 'en');
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the header’s log in for a visitor', () => {
  it('comes back to the page the visitor was on', () => {
    visitAt('/presale?page=2');
    fireEvent.click(screen.getByTestId('header-login'));
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fpresale%3Fpage%3D2');
  });

  it.each(['/login', '/register/ABCD2345', '/forget'])('does not lead back to the sign-in page %s', (entry) => {
    visitAt(entry);
    fireEvent.click(screen.getByTestId('header-login'));
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });
});

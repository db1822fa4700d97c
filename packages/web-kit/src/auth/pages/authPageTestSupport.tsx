/**
 * What the shared login and registration page tests share: the kit's own texts in Chinese, a fake
 * identity API, and the page at its route beside a home page to land on. Tests only: nothing here
 * is exported from the kit.
 */
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { chooseLanguage, createI18n } from '../../i18n/createI18n';
import type { AuthPagesSetup } from './setup';

export const PATHS = { home: '/index', login: '/login', register: '/register', forget: '/Forget' };

/** The identity calls a test fakes, typed as the pages take them. */
export const fakeIdentity = (calls: Record<string, unknown>) => calls as unknown as AuthPagesSetup['identity'];

/** Renders `page` at `entry`, matched by `route`; after a successful submit the page lands on `home`. */
export async function renderAuthPage(page: ReactElement, entry: string, route = entry): Promise<void> {
  const i18n = createI18n({ resources: { cn: {}, en: {}, tw: {} } });
  await chooseLanguage(i18n, 'cn');
  render(
    <I18nextProvider i18n={i18n}>
      <AntApp>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path={route} element={page} />
            <Route path={PATHS.home} element={<p>home</p>} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </I18nextProvider>,
  );
}

/** Leaves no page and no remembered login behind. */
export function resetAfterEachTest(): void {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}

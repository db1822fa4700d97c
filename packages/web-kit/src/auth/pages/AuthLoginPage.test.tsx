// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SecurityCode } from '@tp/contract';
import { ApiError } from '../../api/client';
import { chooseLanguage, createI18n } from '../../i18n/createI18n';
import { AuthLoginPage } from './AuthLoginPage';
import type { AuthPagesSetup } from './setup';

const PATHS = { home: '/index', login: '/login', register: '/register', forget: '/Forget' };

/** A server whose account has two-factor authentication on: without a code the login is refused with -1130. */
async function renderPage(options: { keepOtherSessions?: boolean } = {}) {
  const i18n = createI18n({ resources: { cn: {}, en: {}, tw: {} } });
  await chooseLanguage(i18n, 'cn');
  const login = vi.fn((body: { totpCode?: string }) =>
    body.totpCode === '123456' ? Promise.resolve() : Promise.reject(new ApiError(SecurityCode.secondFactorRequired, '请输入身份验证器中的两步验证码', 403)),
  );
  const identity = {
    useLogin: () => ({ mutateAsync: login }),
    useCodeLogin: () => ({ mutateAsync: vi.fn() }),
    sendCode: vi.fn(() => Promise.resolve()),
    loadCaptcha: vi.fn(),
  } as unknown as AuthPagesSetup['identity'];
  render(
    <I18nextProvider i18n={i18n}>
      <AntApp>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<AuthLoginPage identity={identity} paths={PATHS} card={{ className: 'auth-card', headingClassName: 'h' }} {...options} />} />
            <Route path="/index" element={<p>home</p>} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </I18nextProvider>,
  );
  return { login };
}

function submitPassword() {
  fireEvent.change(document.querySelector('#login_loginAccount')!, { target: { value: '13800138000' } });
  fireEvent.change(document.querySelector('#login_password')!, { target: { value: 'abc12345' } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the shared login page with two-factor authentication', () => {
  it('asks for the authenticator code once the server wants it, and sends the same login again with it', async () => {
    const { login } = await renderPage({ keepOtherSessions: true });
    submitPassword();
    await waitFor(() => expect(screen.getByTestId('login-totp-code')).toBeTruthy());
    expect(login).toHaveBeenCalledWith({ loginAccount: '13800138000', password: 'abc12345', keepOtherSessions: true });

    fireEvent.change(screen.getByTestId('login-totp-code'), { target: { value: '12ab' } });
    fireEvent.click(screen.getByTestId('login-totp-submit'));
    await waitFor(() => expect(screen.getByText('请输入 6 位数字验证码，或 XXXX-XXXX 格式的恢复码')).toBeTruthy());

    fireEvent.change(screen.getByTestId('login-totp-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('login-totp-submit'));
    await waitFor(() => expect(screen.queryByText('home')).toBeTruthy(), { timeout: 3000 });
    expect(login).toHaveBeenLastCalledWith({ loginAccount: '13800138000', password: 'abc12345', keepOtherSessions: true, totpCode: '123456' });
  });

  it('replaces the other sessions unless the app asks to keep them', async () => {
    const { login } = await renderPage();
    submitPassword();
    await waitFor(() => expect(login).toHaveBeenCalledWith({ loginAccount: '13800138000', password: 'abc12345' }));
  });
});

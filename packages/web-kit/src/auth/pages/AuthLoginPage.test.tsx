// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SecurityCode } from '@tp/contract';
import { ApiError } from '../../api/client';
import { AuthLoginPage } from './AuthLoginPage';
import { PATHS, fakeIdentity, renderAuthPage, resetAfterEachTest } from './authPageTestSupport';

resetAfterEachTest();

/** A server whose account has two-factor authentication on: without a code the login is refused with -1130. */
async function renderPage(options: { keepOtherSessions?: boolean } = {}) {
  const login = vi.fn((body: { totpCode?: string }) =>
    body.totpCode === '123456' ? Promise.resolve() : Promise.reject(new ApiError(SecurityCode.secondFactorRequired, '请输入身份验证器中的两步验证码', 403)),
  );
  const identity = fakeIdentity({
    useLogin: () => ({ mutateAsync: login }),
    useCodeLogin: () => ({ mutateAsync: vi.fn() }),
    sendCode: vi.fn(() => Promise.resolve()),
    loadCaptcha: vi.fn(),
  });
  await renderAuthPage(<AuthLoginPage identity={identity} paths={PATHS} card={{ className: 'auth-card', headingClassName: 'h' }} {...options} />, '/login');
  return { login };
}

function submitPassword() {
  fireEvent.change(document.querySelector('#login_loginAccount')!, { target: { value: '13800138000' } });
  fireEvent.change(document.querySelector('#login_password')!, { target: { value: 'abc12345' } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

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

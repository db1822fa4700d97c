// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SecurityCode } from '@tp/contract';
import { ApiError } from '../../api/client';
import { AuthForgetPage } from './AuthForgetPage';
import { PATHS, fakeIdentity, renderAuthPage, resetAfterEachTest } from './authPageTestSupport';

resetAfterEachTest();

/** The page lands on the login page once the password is reset; here that page is the home route. */
const paths = { ...PATHS, login: PATHS.home };

type ResetBody = { loginAccount: string; code: string; password: string; totpCode?: string };

/**
 * A server answering the reset: with `twoFactor`, the right SMS code alone is refused with -1130,
 * a wrong authenticator code with -1131, and 123456 passes.
 */
async function renderPage(twoFactor: boolean) {
  const reset = vi.fn((body: ResetBody) => {
    if (!twoFactor || body.totpCode === '123456') return Promise.resolve(null);
    return Promise.reject(
      body.totpCode
        ? new ApiError(SecurityCode.secondFactorWrong, '两步验证码错误，还可尝试 4 次', 400)
        : new ApiError(SecurityCode.secondFactorRequired, '请输入身份验证器中的两步验证码', 403),
    );
  });
  const identity = fakeIdentity({
    useForgotPassword: () => ({ mutateAsync: reset }),
    sendCode: vi.fn(() => Promise.resolve()),
    loadCaptcha: vi.fn(),
  });
  await renderAuthPage(<AuthForgetPage identity={identity} paths={paths} card={{ className: 'auth-card', headingClassName: 'h' }} />, '/Forget');
  return { reset };
}

const input = (field: string) => document.querySelector<HTMLInputElement>(`#forget_${field}`)!;
const type = (field: string, value: string) => fireEvent.change(input(field), { target: { value } });

function fillAndSubmit() {
  type('loginAccount', '13800138000');
  type('code', '246810');
  type('password', 'Reset987!');
  type('confirm', 'Reset987!');
  fireEvent.click(screen.getByTestId('forget-submit'));
}

const SMS_PROOF = { loginAccount: '13800138000', code: '246810', password: 'Reset987!' };

describe('the shared forgotten-password page', () => {
  it('asks for the authenticator code when the server wants it, keeps what was typed, and sends it with the same SMS code', async () => {
    const { reset } = await renderPage(true);
    expect(screen.queryByTestId('second-factor-code')).toBeNull();
    fillAndSubmit();

    await screen.findByTestId('second-factor-code', {}, { timeout: 3000 });
    expect(reset).toHaveBeenCalledWith(SMS_PROOF);
    expect(await screen.findByText('请输入两步验证码')).toBeTruthy();
    expect(screen.getByText('两步验证码')).toBeTruthy();
    for (const [field, value] of [['loginAccount', '13800138000'], ['code', '246810'], ['password', 'Reset987!'], ['confirm', 'Reset987!']]) {
      expect(input(field!).value).toBe(value);
    }

    type('totpCode', '654321');
    fireEvent.click(screen.getByTestId('forget-submit'));
    expect(await screen.findByText('两步验证码错误，还可尝试 4 次', {}, { timeout: 3000 })).toBeTruthy();
    expect(input('password').value).toBe('Reset987!');

    type('totpCode', '123456');
    fireEvent.click(screen.getByTestId('forget-submit'));
    await waitFor(() => expect(screen.queryByText('home')).toBeTruthy(), { timeout: 3000 });
    expect(reset.mock.calls.map(([body]) => body)).toEqual([SMS_PROOF, { ...SMS_PROOF, totpCode: '654321' }, { ...SMS_PROOF, totpCode: '123456' }]);
  });

  it('an account without two-factor authentication resets with the SMS code alone, no code field shown', async () => {
    const { reset } = await renderPage(false);
    fillAndSubmit();
    await waitFor(() => expect(screen.queryByText('home')).toBeTruthy(), { timeout: 3000 });
    expect(reset.mock.calls.map(([body]) => body)).toEqual([SMS_PROOF]);
  });
});

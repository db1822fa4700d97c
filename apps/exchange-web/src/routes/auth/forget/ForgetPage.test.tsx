// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { IdentityPath } from '@tp/contract';
import { chooseLanguage } from '@tp/web-kit';
import { queryClient } from '../../../api/client';
import { i18n } from '../../../i18n';
import { paths } from '../../../paths';
import { envelope, renderPage, stubApi } from '../../../test-support';
import { ForgetPage } from './ForgetPage';

/** Two machines' worth of test files run at once: the page gets longer than the default second to answer. */
const SLOW = { timeout: 5000 };

const refusal = (code: string, message: string, status: number) =>
  Promise.resolve(new Response(JSON.stringify({ code, message, value: null }), { status, headers: { 'Content-Type': 'application/json' } }));

const bodyOf = (call: unknown): unknown => JSON.parse(String((call as [string, RequestInit | undefined] | undefined)?.[1]?.body));

/**
 * The server's reset: an account with two-factor authentication on is refused without the
 * authenticator code (-1130) and with a wrong one (-1131); one without it resets with the SMS code.
 */
function server(twoFactor: boolean) {
  const fetch = stubApi({
    [IdentityPath.forgotPassword]: () => {
      const { totpCode } = bodyOf(fetch.mock.calls.at(-1)) as { totpCode?: string };
      if (!twoFactor || totpCode === '123456') return envelope(null);
      return totpCode
        ? refusal('-1131', 'Wrong two-factor code; 4 attempts left', 400)
        : refusal('-1130', 'Enter the two-factor code from your authenticator app', 403);
    },
  });
  return { resets: () => fetch.mock.calls.filter(([url]) => url.endsWith(IdentityPath.forgotPassword)).map(bodyOf) };
}

const input = (field: string) => document.querySelector<HTMLInputElement>(`#forget_${field}`)!;
const type = (field: string, value: string) => fireEvent.change(input(field), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('forget-submit'));

const SMS_PROOF = { loginAccount: 'trader@example.com', code: '246810', password: 'Reset987!' };

beforeEach(() => chooseLanguage(i18n, 'en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the exchange’s forgotten-password page', () => {
  it('shows the two-factor code field when the server asks, keeps the form as typed, and resets with the code', async () => {
    const { resets } = server(true);
    renderPage(<ForgetPage />, paths.forget);
    expect(screen.queryByTestId('second-factor-code')).toBeNull();
    type('loginAccount', SMS_PROOF.loginAccount);
    type('code', SMS_PROOF.code);
    type('password', SMS_PROOF.password);
    type('confirm', SMS_PROOF.password);
    submit();

    await screen.findByTestId('second-factor-code', {}, SLOW);
    expect(await screen.findByText('Two-factor code is required', {}, SLOW)).toBeTruthy();
    expect([input('loginAccount').value, input('code').value, input('password').value, input('confirm').value]).toEqual([
      SMS_PROOF.loginAccount,
      SMS_PROOF.code,
      SMS_PROOF.password,
      SMS_PROOF.password,
    ]);

    type('totpCode', '654321');
    submit();
    expect((await screen.findAllByText('Wrong two-factor code; 4 attempts left', {}, SLOW)).length).toBeGreaterThan(0);

    type('totpCode', '123456');
    submit();
    expect(await screen.findByText('Password reset. Log in with the new password.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(resets()).toEqual([SMS_PROOF, { ...SMS_PROOF, totpCode: '654321' }, { ...SMS_PROOF, totpCode: '123456' }]), SLOW);
  });

  it('resets an account without two-factor authentication with the SMS code alone', async () => {
    const { resets } = server(false);
    renderPage(<ForgetPage />, paths.forget);
    type('loginAccount', SMS_PROOF.loginAccount);
    type('code', SMS_PROOF.code);
    type('password', SMS_PROOF.password);
    type('confirm', SMS_PROOF.password);
    submit();
    expect(await screen.findByText('Password reset. Log in with the new password.', {}, SLOW)).toBeTruthy();
    expect(resets()).toEqual([SMS_PROOF]);
    expect(screen.queryByTestId('second-factor-code')).toBeNull();
  });
});

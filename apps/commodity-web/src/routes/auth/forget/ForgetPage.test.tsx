// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { IdentityPath } from '@tp/contract';
import { paths } from '../../../paths';
import { findSlow, openAt, reply, resetAroundEachTest, stubApi, typeInto } from '../../../test-support';

resetAroundEachTest();

/**
 * The server's reset: an account with two-factor authentication on is refused without the
 * authenticator code (-1130) and with a wrong one (-1131); one without it resets with the SMS code.
 */
function server(twoFactor: boolean) {
  const calls = stubApi((path, init) => {
    if (path !== IdentityPath.forgotPassword) return undefined;
    const { totpCode } = JSON.parse(String(init?.body)) as { totpCode?: string };
    if (!twoFactor || totpCode === '123456') return reply(null);
    return totpCode ? reply(null, '-1131', '两步验证码错误，还可尝试 4 次', 400) : reply(null, '-1130', '请输入身份验证器中的两步验证码', 403);
  });
  return { resets: () => calls.filter((call) => call.path === IdentityPath.forgotPassword).map((call) => call.body) };
}

const SMS_PROOF = { loginAccount: '13800138000', code: '246810', password: 'Reset987!' };
const valueOf = (field: string) => document.querySelector<HTMLInputElement>(`#forget_${field}`)!.value;

async function fillAndSubmit() {
  await findSlow('forget-submit');
  typeInto('forget', 'loginAccount', SMS_PROOF.loginAccount);
  typeInto('forget', 'code', SMS_PROOF.code);
  typeInto('forget', 'password', SMS_PROOF.password);
  typeInto('forget', 'confirm', SMS_PROOF.password);
  fireEvent.click(screen.getByTestId('forget-submit'));
}

describe('the forgotten-password page', () => {
  it('shows the two-factor code field when the server asks, keeps the form as typed, and resets with the code', async () => {
    const { resets } = server(true);
    const router = openAt(paths.forget);
    await fillAndSubmit();

    await findSlow('second-factor-code');
    expect(await screen.findByText('请输入两步验证码')).toBeTruthy();
    expect(['loginAccount', 'code', 'password', 'confirm'].map(valueOf)).toEqual([SMS_PROOF.loginAccount, SMS_PROOF.code, SMS_PROOF.password, SMS_PROOF.password]);

    typeInto('forget', 'totpCode', '654321');
    fireEvent.click(screen.getByTestId('forget-submit'));
    expect((await screen.findAllByText('两步验证码错误，还可尝试 4 次')).length).toBeGreaterThan(0);

    typeInto('forget', 'totpCode', '123456');
    fireEvent.click(screen.getByTestId('forget-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login), { timeout: 5000 });
    expect(resets()).toEqual([SMS_PROOF, { ...SMS_PROOF, totpCode: '654321' }, { ...SMS_PROOF, totpCode: '123456' }]);
  });

  it('resets an account without two-factor authentication with the SMS code alone', async () => {
    const { resets } = server(false);
    const router = openAt(paths.forget);
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login), { timeout: 5000 });
    expect(resets()).toEqual([SMS_PROOF]);
  });
});

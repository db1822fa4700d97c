// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PaymentPasswordPath, SecurityPath } from '@tp/contract';
import { envelope, loggedInAroundEachTest, renderPage, stubApi } from '../../../test-support';
import { FundPasswordCard } from './FundPasswordCard';

loggedInAroundEachTest();

/** Two machines' worth of test files run at once: the page gets longer than the default second to answer. */
const SLOW = { timeout: 5000 };

const refusal = (code: string, message: string, status: number) =>
  Promise.resolve(new Response(JSON.stringify({ code, message, value: null }), { status, headers: { 'Content-Type': 'application/json' } }));

/** The JSON body of a recorded call (the fake fetch is called with the URL and the request's init). */
const bodyOf = (call: unknown): unknown => JSON.parse(String((call as [string, RequestInit | undefined] | undefined)?.[1]?.body));

const type = (id: string, value: string) => fireEvent.change(document.querySelector<HTMLInputElement>(`#${id}`)!, { target: { value } });

/** A fake server for an account with two-factor authentication on: setting the fund password needs the code. */
function serverWithTwoFactor(statusSays: boolean) {
  const fetch = stubApi({
    [SecurityPath.status]: () => envelope({ twoFactor: statusSays, recoveryCodesLeft: 10, antiPhishingCode: '' }),
    [PaymentPasswordPath.status]: () => envelope({ fund: false, margin: false }),
    [PaymentPasswordPath.set]: () => {
      const body = bodyOf(fetch.mock.calls.at(-1)) as { totpCode?: string };
      return body.totpCode === '123456' ? envelope(null) : refusal('-1130', 'Enter the two-factor code from your authenticator app', 403);
    },
  });
  const sets = () => fetch.mock.calls.filter(([url]) => url.endsWith(PaymentPasswordPath.set)).map(bodyOf);
  return { sets };
}

describe('the fund password card with two-factor authentication on', () => {
  it('shows the code field from the start when the account has it on, and sends the code', async () => {
    const { sets } = serverWithTwoFactor(true);
    renderPage(<FundPasswordCard />);
    await screen.findByTestId('second-factor-code', {}, SLOW);
    type('setFundPassword_password', '246810');
    type('setFundPassword_confirm', '246810');
    type('setFundPassword_totpCode', '123456');
    fireEvent.click(screen.getByTestId('fund-password-submit'));
    await waitFor(() => expect(sets()).toEqual([{ kind: 'fund', password: '246810', totpCode: '123456' }]), SLOW);
  });

  it('when the server asks for the code, shows the field with an error naming it, then sends it', async () => {
    const { sets } = serverWithTwoFactor(false);
    renderPage(<FundPasswordCard />);
    await screen.findByTestId('fund-password-submit', {}, SLOW);
    expect(screen.queryByTestId('second-factor-code')).toBeNull();
    type('setFundPassword_password', '246810');
    type('setFundPassword_confirm', '246810');
    fireEvent.click(screen.getByTestId('fund-password-submit'));

    await screen.findByTestId('second-factor-code', {}, SLOW);
    expect(await screen.findByText('Two-factor code is required', {}, SLOW)).toBeTruthy();
    type('setFundPassword_totpCode', '123456');
    fireEvent.click(screen.getByTestId('fund-password-submit'));
    await waitFor(() => expect(sets()).toEqual([{ kind: 'fund', password: '246810' }, { kind: 'fund', password: '246810', totpCode: '123456' }]), SLOW);
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PERSONAL, findSlow as find, logIn, openAt, reply, resetAroundEachTest, stubApi, typeInto, type ApiCall } from '../../../test-support';

let hasPassword = false;
let setPasswordAnswer: () => Promise<Response> = () => reply(null);
let calls: ApiCall[] = [];
/** An account with two-factor authentication on: the server refuses the change until the code comes with it. */
const changePasswordAnswer = (body: unknown) =>
  (body as { totpCode?: string }).totpCode === '123456' ? reply(null) : reply(null, '-1130', '请输入身份验证器中的两步验证码', 403);

resetAroundEachTest();
beforeEach(() => {
  hasPassword = false;
  setPasswordAnswer = () => reply(null);
  calls = stubApi((path, init) => {
    if (path === '/api/user/password/check') return reply({ hasPassword });
    if (path === '/api/user/password/set') return setPasswordAnswer();
    if (path === '/api/user/password/change') return changePasswordAnswer(JSON.parse(String(init?.body)));
    return undefined;
  });
  logIn(PERSONAL);
});

const setPasswordCalls = () => calls.filter((call) => call.path === '/api/user/password/set').map((call) => call.body);

describe('the login password section', () => {
  it('lets an account made without a password set one, and says so', async () => {
    openAt('/personalCenter/accountSafe');
    expect((await find('password-status')).textContent).toBe('未设置');
    typeInto('changePassword', 'password', 'Abc12345');
    typeInto('changePassword', 'confirm', 'Abc12345');
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() => expect(setPasswordCalls()).toEqual([{ password: 'Abc12345' }]));
    expect(await screen.findByText('登录密码已设置')).toBeTruthy();
  });

  it('puts the server’s refusal under the field it names and lets the user try again', async () => {
    setPasswordAnswer = () => reply({ fields: [{ field: 'password', message: '密码过于简单' }] }, '-1001', '参数错误', 400);
    openAt('/personalCenter/accountSafe');
    await find('password-status');
    typeInto('changePassword', 'password', 'Abc12345');
    typeInto('changePassword', 'confirm', 'Abc12345');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('密码过于简单')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('password-submit').classList.contains('ant-btn-loading')).toBe(false));
  });

  it('asks for the two-factor code when the server says the account needs it, naming the field, and sends it', async () => {
    hasPassword = true;
    openAt('/personalCenter/accountSafe');
    expect((await find('password-status')).textContent).toBe('已设置');
    expect(screen.queryByTestId('second-factor-code')).toBeNull();
    typeInto('changePassword', 'oldPassword', 'Abc12345');
    typeInto('changePassword', 'password', 'Xyz98765');
    typeInto('changePassword', 'confirm', 'Xyz98765');
    fireEvent.click(screen.getByTestId('password-submit'));

    await find('second-factor-code');
    expect(await screen.findByText('请输入两步验证码')).toBeTruthy();
    typeInto('changePassword', 'totpCode', '123456');
    fireEvent.click(screen.getByTestId('password-submit'));
    const changes = () => calls.filter((call) => call.path === '/api/user/password/change').map((call) => call.body);
    await waitFor(() => expect(changes()).toEqual([
      { oldPassword: 'Abc12345', password: 'Xyz98765' },
      { oldPassword: 'Abc12345', password: 'Xyz98765', totpCode: '123456' },
    ]));
    expect(await screen.findByText('登录密码已修改，请使用新密码重新登录')).toBeTruthy();
  });
});

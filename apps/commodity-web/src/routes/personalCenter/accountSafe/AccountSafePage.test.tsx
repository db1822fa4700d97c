// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PERSONAL, findSlow as find, logIn, openAt, reply, resetAroundEachTest, stubApi, typeInto, type ApiCall } from '../../../test-support';

let hasPassword = false;
let setPasswordAnswer: () => Promise<Response> = () => reply(null);
let calls: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  hasPassword = false;
  setPasswordAnswer = () => reply(null);
  calls = stubApi((path) => {
    if (path === '/api/user/password/check') return reply({ hasPassword });
    if (path === '/api/user/password/set') return setPasswordAnswer();
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
});

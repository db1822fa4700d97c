// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { chooseLanguage } from '@tp/web-kit';
import { api, queryClient } from '../../../api/client';
import { i18n } from '../../../i18n';
import { session } from '../../../session';
import { PERSONAL, findSlow as find, logIn, openAt, reply, resetAroundEachTest, stubApi, typeInto, type ApiCall } from '../../../test-support';

const UNVERIFIED = { realName: '0', realNameMasked: null, senior: '0', seniorReason: '' };
let posted: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  posted = stubApi((path) => {
    if (path === '/api/firm/rights') return reply([]);
    if (path === '/api/verification/status') return reply(UNVERIFIED);
    if (path === '/api/listing/pick') return reply(null, '-3102', '请先完成实名认证', 403);
    if (path === '/api/verification/basic') {
      return reply({ realName: '1', realNameMasked: { name: '陈*', idNumber: '310104********0523' }, senior: '0', seniorReason: '' });
    }
    return undefined;
  });
  logIn(PERSONAL);
});

const shown = (text: string) => screen.findByText(text, {}, { timeout: 5_000 });
const open = (entry = '/personalCenter/realName') => openAt(entry);
const type = (field: string, value: string) => typeInto('realName', field, value);

describe('real-name verification page', () => {
  it('names the field of every mistake before anything is sent, in the reader’s language', async () => {
    open();
    await find('realname-submit');
    expect(await find('menu-realName')).toHaveProperty('textContent', '实名认证');

    fireEvent.click(screen.getByTestId('realname-submit'));
    expect(await shown('请输入真实姓名')).toBeTruthy();
    expect(await shown('请输入身份证号码')).toBeTruthy();

    type('name', '陈静');
    type('idNumber', '31010419880214052');
    expect(await shown('身份证号码须为 18 位，最后一位可为数字或 X')).toBeTruthy();
    // 310104 19880214 052 has check character 4, so 9 is a typing mistake.
    type('idNumber', '310104198802140529');
    expect(await shown('身份证号码校验位不正确，请核对后重新输入')).toBeTruthy();
    type('idNumber', '310104198813400523');
    expect(await shown('身份证号码中的出生日期不正确')).toBeTruthy();

    await chooseLanguage(i18n, 'en');
    type('idNumber', '310104198802140529');
    expect(await shown('The check character of the Resident ID number is wrong; check it and enter it again')).toBeTruthy();
    fireEvent.click(screen.getByTestId('realname-submit'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(posted.filter((p) => p.path === '/api/verification/basic')).toEqual([]);
  });

  it('sends a valid name and ID once and then shows the verification masked', async () => {
    open();
    await find('realname-submit');
    type('name', ' 陈静 ');
    type('idNumber', '31010419880214017x');
    fireEvent.click(screen.getByTestId('realname-submit'));
    await waitFor(() => expect(posted.filter((p) => p.path === '/api/verification/basic')).toMatchObject([{ path: '/api/verification/basic', body: { name: '陈静', idNumber: '31010419880214017X' } }]), { timeout: 5_000 });
    expect((await find('realname-id')).textContent).toBe('310104********0523');
    expect(screen.getByTestId('realname-name').textContent).toBe('陈*');
    expect(session.get()?.userCerStatus).toBe('1');
  });

  it('offers the way to the page when a trading action is refused for want of it', async () => {
    const router = open('/personalCenter/accountInfo');
    await find('personal-menu');
    const pick = queryClient.getMutationCache().build(queryClient, { mutationFn: () => api.post('/api/listing/pick', { listingId: '1', quantity: '1' }) });
    await pick.execute(undefined).catch(() => undefined);
    fireEvent.click(await find('realname-prompt-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalCenter/realName'), { timeout: 5_000 });
    expect(await find('realname-submit')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_ADDRESSES, type AddressRow } from '@tp/contract';
import { PERSONAL, findSlow as find, logIn, openAt, reply, resetAroundEachTest, stubApi, typeInto, type ApiCall } from '../../../test-support';
import { deliveryAddress } from './addressFixture';

const address = (id: string, recipients: string, defaultFlag: '0' | '1') => deliveryAddress(id, recipients, defaultFlag, '315200');

let addresses: AddressRow[] = [];
let calls: ApiCall[] = [];

/** The server's answers by path; whatever else is asked answers an empty page. */
const ANSWERS: Record<string, () => Promise<Response>> = {
  '/api/firm/rights': () => reply([]),
  '/api/firm/address/list': () => reply(addresses),
  '/api/firm/address/save': () => reply(address('9', '王五', '0')),
  '/api/firm/address/delete': () => reply(null),
};

resetAroundEachTest();
beforeEach(() => {
  calls = stubApi((path) => ANSWERS[path]?.());
  logIn({ ...PERSONAL, userCerStatus: '1' });
});

const sent = (path: string) => calls.filter((call) => call.path === path).map((call) => call.body);

describe('the address book', () => {
  it('lists the addresses with the default marked, and saves a new one with what the user typed', async () => {
    addresses = [address('1', '张三', '1'), address('2', '李四', '0')];
    openAt('/personalCenter/myAddress');
    const table = await find('address-table');
    expect(within(table).getByText('张三')).toBeTruthy();
    expect(within(table).getByText('默认')).toBeTruthy();
    expect(within(table).getAllByText('设为默认')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('address-add'));
    await screen.findByText('新增收货地址', { selector: '.ant-modal-title' });
    typeInto('address', 'recipients', ' 王五 ');
    typeInto('address', 'recipientsCellphone', '13811112222');
    typeInto('address', 'region', '江苏省南京市');
    typeInto('address', 'addressName', '江宁区物流园 8 号');
    fireEvent.click(screen.getByTestId('address-save'));

    await waitFor(() => expect(sent('/api/firm/address/save')).toEqual([{ recipients: '王五', recipientsCellphone: '13811112222', region: '江苏省南京市', addressName: '江宁区物流园 8 号', postCode: '', defaultFlag: '0' }]));
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it('edits an address under its own id, and deletes one only once the user confirms', async () => {
    addresses = [address('1', '张三', '1')];
    openAt('/personalCenter/myAddress');
    const table = await find('address-table');

    fireEvent.click(within(table).getByText('编辑'));
    await screen.findByText('编辑收货地址', { selector: '.ant-modal-title' });
    typeInto('address', 'recipients', '张三丰');
    fireEvent.click(screen.getByTestId('address-save'));
    await waitFor(() => expect(sent('/api/firm/address/save')).toEqual([{ id: '1', recipients: '张三丰', recipientsCellphone: '13711112222', region: '浙江省宁波市', addressName: '镇海区1号仓', postCode: '315200', defaultFlag: '1' }]));

    fireEvent.click(within(table).getByText('删除'));
    expect(sent('/api/firm/address/delete')).toEqual([]);
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(sent('/api/firm/address/delete')).toEqual([{ id: '1' }]));
    expect(await screen.findByText('已删除')).toBeTruthy();
  });

  it('offers no new address once the book is full', async () => {
    addresses = Array.from({ length: MAX_ADDRESSES }, (_, n) => address(String(n + 1), `收货人${n + 1}`, n === 0 ? '1' : '0'));
    openAt('/personalCenter/myAddress');
    await find('address-table');
    expect(screen.getByTestId('address-add').hasAttribute('disabled')).toBe(true);
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { CapitalPath, type SignRecord } from '@tp/contract';
import { ENTERPRISE, logIn, openAlone, reply, resetAroundEachTest, stubApi } from '../../../test-support';
import { PublishForm } from './PublishForm';

const sign = (bankId: string, bankName: string, status: SignRecord['status']): SignRecord => ({
  infoId: `${bankId}-1`,
  bankId,
  bankName,
  status,
  pendingOp: '',
  bankAccount: '6222000011112222',
  bankAccountName: '示例企业',
  openBankName: '示例支行',
  openBankNum: '102100000001',
  subAccount: '',
  reason: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

let signs: SignRecord[] = [];

resetAroundEachTest();
beforeEach(() => {
  stubApi((path) => {
    if (path === CapitalPath.signList) return reply(signs);
    if (path === '/api/catalog/commodityTypes') return reply([]);
    return undefined;
  });
  logIn(ENTERPRISE);
});

const openPurchaseForm = () => openAlone(<PublishForm kinds={['Q']} />);

const bankField = () => screen.getByTestId('field-bankId').closest('.ant-select')!;

describe('the purchase request form (求购)', () => {
  it('settles through a bank the firm has signed, never through one it has not', async () => {
    signs = [sign('icbc', '中国工商银行', '2'), sign('pab', '平安银行', '1')];
    openPurchaseForm();
    await waitFor(() => expect(bankField().textContent).toContain('平安银行'), { timeout: 10_000 });
    expect(bankField().textContent).not.toContain('中国工商银行');
    expect(screen.queryByTestId('hint-noSignedBank')).toBeNull();
  }, 20_000);

  it('leaves the bank empty and says how to sign one when the firm has signed none', async () => {
    signs = [sign('icbc', '中国工商银行', '0'), sign('pab', '平安银行', '3')];
    openPurchaseForm();
    expect((await screen.findByTestId('hint-noSignedBank', {}, { timeout: 10_000 })).textContent).toBe('您的企业尚未签约结算银行，请先到资金中心签约；未选择结算银行也可提交。');
    expect(bankField().textContent).not.toMatch(/中国工商银行|平安银行/);
  }, 20_000);
});

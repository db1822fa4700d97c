// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { CapitalPath, type SessionInfo, type SignRecord } from '@tp/contract';
import { AppProviders, chooseLanguage } from '@tp/web-kit';
import { notifier, queryClient } from '../../../api/client';
import { i18n } from '../../../i18n';
import { session } from '../../../session';
import { PublishForm } from './PublishForm';

const FIRM: SessionInfo = {
  isLogin: true,
  userId: '100003',
  sessionStr: 's-3',
  tel: '13900000003',
  firmId: '10003',
  firmCode: '10000003',
  marketId: '13',
  userType: 'enterprise',
  userCerStatus: '1',
  nickNameStatus: '0',
  highCerStatus: '0',
  isMainAccount: true,
  language: 'cn',
};

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
const reply = (value: unknown) => Promise.resolve(new Response(JSON.stringify({ code: '0', message: 'success', value }), { status: 200, headers: { 'Content-Type': 'application/json' } }));

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = url.split('?')[0]!;
      if (path === CapitalPath.signList) return reply(signs);
      if (path === '/api/catalog/commodityTypes') return reply([]);
      return reply({ content: [], total: 0, page: 0, size: 10 });
    }),
  );
  session.set(FIRM);
  await chooseLanguage(i18n, 'cn');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  session.clear();
});

function openPurchaseForm() {
  const router = createMemoryRouter([{ path: '/', element: <PublishForm kinds={['Q']} /> }]);
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

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

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ExchangeAssetPath, type AssetFlowEntry, type ExchangeAsset } from '@tp/contract';
import { envelope, loggedInAroundEachTest, renderPage, stubApi } from '../../../test-support';
import { chooseLanguage } from '@tp/web-kit';
import { i18n } from '../../../i18n';
import { FlowPage } from './FlowPage';

const asset = (code: string, precision: number): ExchangeAsset => ({ code, name: code, precision, minDeposit: '0', minWithdraw: '0', withdrawFee: '0', confirmations: 1, chain: code, usdtPrice: '1' });

const line = (fields: Partial<AssetFlowEntry>): AssetFlowEntry => ({
  id: '1',
  type: 'spot.trade',
  description: 'BTCUSDT 0.04 @ 60000',
  asset: 'USDT',
  accountType: 'spot',
  amount: '0',
  balanceAfter: '0',
  createdAt: '2026-11-26T06:00:00.000Z',
  ...fields,
});

loggedInAroundEachTest();

function showLog(entries: AssetFlowEntry[]) {
  stubApi({
    [ExchangeAssetPath.assets]: () => envelope([asset('USDT', 2), asset('BTC', 8)]),
    [ExchangeAssetPath.flow]: () => envelope({ content: entries, total: entries.length, page: 0, size: 10 }),
  });
  renderPage(<FlowPage />, '/assets/flow');
}

const rows = async () => {
  const table = await screen.findByTestId('flow-table');
  await within(table).findAllByText(/Trade|成交/);
  return [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent));
};

describe('the financial log', () => {
  it('shows a sale’s amount before the fee and the fee as its own line ending at the balance', async () => {
    showLog([line({ id: '9', amount: '2397.6', balanceAfter: '12397.6', fee: { asset: 'USDT', amount: '2.4' } })]);
    expect(await rows()).toEqual([
      ['Trade', 'USDT', '2,400.00', '12,400.00'],
      ['Trading fee', 'USDT', '-2.40', '12,397.60'],
    ]);
  });

  it('shows a purchase’s fee in the quote asset, paid from the order hold', async () => {
    showLog([line({ id: '8', asset: 'BTC', amount: '0.04', balanceAfter: '0.54', fee: { asset: 'USDT', amount: '2.4' } }), line({ id: '7', type: 'spot.reserve', amount: '-2402.4', balanceAfter: '7597.6' })]);
    expect(await rows()).toEqual([
      ['Trade', 'BTC', '0.04000000', '0.54000000'],
      ['Trading fee', 'USDT', '-2.40', 'Paid from the order hold'],
      ['Order hold', 'USDT', '-2,402.40', '7,597.60'],
    ]);
  });

  it('names the fee line in Chinese', async () => {
    await chooseLanguage(i18n, 'cn');
    showLog([line({ id: '9', amount: '2397.6', balanceAfter: '12397.6', fee: { asset: 'USDT', amount: '2.4' } })]);
    expect((await rows()).map((r) => r[0])).toEqual(['成交', '交易手续费']);
  });
});

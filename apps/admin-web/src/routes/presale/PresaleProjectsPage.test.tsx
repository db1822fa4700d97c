// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { logInStaff, renderPage, reply, resetAroundEachTest, stubApi } from '../../test-support';
import { PresaleProjectsPage } from './PresaleProjectsPage';

resetAroundEachTest();

/** Local wall-clock text the date pickers accept, for an instant. */
function pickerTime(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

async function choose(id: string, option: string) {
  const select = document.getElementById(id)!.closest('.ant-select')!;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const dropdown = await waitFor(() => document.querySelector<HTMLElement>(`.ant-select-dropdown:has([id="${id}_list"])`)!);
  fireEvent.click(await within(dropdown).findByTitle(option));
  await waitFor(() => expect(select.textContent).toContain(option));
}

async function typeTime(input: HTMLInputElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(input.value).toBe(text));
}

describe('the back office’s pre-sale page', { timeout: 30_000 }, () => {
  it('publishes a project with every field, its sale window and its unlock stages, after a confirmation', async () => {
    logInStaff();
    const calls = stubApi((url, body) => {
      if (url.endsWith('/api/admin/presale/projects/save')) return reply({ ...body, projectId: '7', remainingAmount: '100', subscribedAmount: '0', phase: 'not_started', saleStatus: 'running', allocatedAt: '', paymentPlaces: 2 });
      return reply({ content: [], total: 0, page: 0, size: 20 });
    });
    renderPage(<PresaleProjectsPage />);
    fireEvent.click(await screen.findByTestId('presale-create'));
    const values: Record<string, string> = {
      name: 'Journey Coin 预售',
      companyName: 'Journey Labs Pte. Ltd.',
      coinName: 'Journey Coin',
      coinType: 'ERC-20',
      abbreviation: 'JNY',
      website: 'https://journey.example',
      contractAddress: '0x1234',
      whitePaper: 'https://journey.example/wp.pdf',
      chatGroup: 't.me/journey',
      totalIssue: '1000000',
      amount: '100',
      price: '2',
      minPurchase: '10',
      maxPurchase: '100',
      exchangeRatio: '1',
      feeRate: '0.001',
      paymentCurrency: 'USDT',
    };
    for (const [name, value] of Object.entries(values)) fireEvent.change(await screen.findByTestId(`presale-${name}`), { target: { value } });
    fireEvent.change(document.getElementById('quantityPlaces')!, { target: { value: '2' } });
    fireEvent.change(document.getElementById('introduction')!, { target: { value: '旅程币用于社区治理。' } });
    const start = new Date(2027, 0, 5, 10, 0, 0);
    const end = new Date(2027, 0, 6, 10, 0, 0);
    const [from, to] = screen.getAllByTestId<HTMLInputElement>('presale-window');
    await typeTime(from!, pickerTime(start));
    await typeTime(to!, pickerTime(end));
    await choose('allocation', '按比例配售');
    await choose('lockupRule', '分期解锁');
    fireEvent.change(await waitFor(() => document.getElementById('unlockStages_0_afterDays')!), { target: { value: '1' } });
    fireEvent.change(document.getElementById('unlockStages_1_afterDays')!, { target: { value: '2' } });
    fireEvent.change(document.getElementById('unlockStages_1_percent')!, { target: { value: '50' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('presale-save'));
    });
    fireEvent.click(await screen.findByTestId('presale-publish-ok', {}, { timeout: 5000 }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/admin/presale/projects/save'))).toBe(true));
    expect(calls.find((call) => call.url.endsWith('/api/admin/presale/projects/save'))!.body).toEqual({
      ...values,
      introduction: '旅程币用于社区治理。',
      quantityPlaces: 2,
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      allocation: 'prorata',
      lockupRule: 'stages',
      unlockStages: [
        { afterDays: 1, percent: '50' },
        { afterDays: 2, percent: '50' },
      ],
    });
    expect(await screen.findByText('项目已发布')).toBeTruthy();
  });
});

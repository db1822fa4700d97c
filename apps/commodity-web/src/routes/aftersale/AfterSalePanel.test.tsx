// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AfterSaleRequestView } from '@tp/contract';
import { ENTERPRISE, findSlow, logIn, openAlone, openAt, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';
import { AfterSalePanel } from './AfterSalePanel';

const request = (fields: Partial<AfterSaleRequestView>): AfterSaleRequestView => ({
  requestId: '930001',
  kind: 'auction',
  orderId: '880001',
  title: '螺纹钢 HRB400',
  type: 'return',
  status: 'requested',
  side: 'buyer',
  buyerFirmId: '10003',
  sellerFirmId: '10009',
  reason: '钢材锈蚀严重',
  photos: [],
  orderAmount: '10020.00',
  amount: '4000.00',
  sellerReason: null,
  arbitrationReason: null,
  decision: null,
  decisionReason: null,
  returnCarrier: null,
  returnTrackingNo: null,
  replacementCarrier: null,
  replacementTrackingNo: null,
  deadline: '2026-01-08T02:00:00.000Z',
  createdAt: '2026-01-05T02:00:00.000Z',
  updatedAt: '2026-01-05T02:00:00.000Z',
  history: [{ from: '', to: 'requested', actor: 'user:100003', note: '钢材锈蚀严重', at: '2026-01-05T02:00:00.000Z' }],
  ...fields,
});

let calls: ApiCall[];
let current: AfterSaleRequestView | null;
resetAroundEachTest('en');
beforeEach(() => {
  current = null;
  calls = stubApi((path) => {
    if (path === '/api/aftersale/order') return reply(current);
    if (path.startsWith('/api/aftersale/')) return reply(current ?? request({}));
    return undefined;
  });
  logIn(ENTERPRISE);
});

const bodyOf = (path: string) => calls.find((c) => c.path === path)?.body;
const okButton = (testId: string) => waitFor(() => screen.getByTestId(testId));

describe('the after-sale panel of an order', () => {
  it('lets the buyer ask for a partial refund after confirming the amount, and checks the amount before sending', async () => {
    openAlone(<AfterSalePanel kind="auction" orderId="880001" canOpen />);
    fireEvent.click(await findSlow('aftersale-open'));
    fireEvent.change(screen.getByTestId('aftersale-amount-input'), { target: { value: '12.345' } });
    fireEvent.change(screen.getByTestId('aftersale-reason'), { target: { value: '钢材锈蚀严重' } });
    fireEvent.click(screen.getByTestId('aftersale-open-submit'));
    expect(await screen.findByText('Enter a valid amount (at most 2 decimal places)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('aftersale-amount-input'), { target: { value: '4000' } });
    fireEvent.click(screen.getByTestId('aftersale-open-submit'));
    const title = await waitFor(() => {
      const found = document.querySelector('.ant-modal-confirm-title');
      if (!found) throw new Error('no confirmation yet');
      return found;
    });
    expect(title.textContent).toBe('Ask for a return with a refund of 4,000.00?');
    fireEvent.click(await okButton('aftersale-open-ok'));
    await waitFor(() => expect(bodyOf('/api/aftersale/open')).toEqual({ kind: 'auction', orderId: '880001', type: 'return', reason: '钢材锈蚀严重', photoIds: [], amount: '4000' }));
  });

  it('offers nothing to open on an order the viewer cannot return', async () => {
    openAlone(<AfterSalePanel kind="auction" orderId="880001" />);
    expect((await findSlow('aftersale-panel')).textContent).toContain('No after-sale request for this order');
    expect(screen.queryByTestId('aftersale-open')).toBeNull();
  });

  it('shows the seller the request and asks a reason before refusing it', async () => {
    current = request({ side: 'seller' });
    openAlone(<AfterSalePanel kind="auction" orderId="880001" />);
    expect((await findSlow('aftersale-status')).textContent).toBe('Waiting for the seller');
    expect(screen.getByTestId('aftersale-amount').textContent).toBe('4,000.00');
    expect(screen.queryByTestId('aftersale-arbitrate')).toBeNull();
    fireEvent.click(screen.getByTestId('aftersale-refuse'));
    fireEvent.click(await okButton('aftersale-refuse-ok'));
    expect(await screen.findByText('Give a reason (up to 500 characters)')).toBeTruthy();
    expect(bodyOf('/api/aftersale/answer')).toBeUndefined();
    fireEvent.change(screen.getByTestId('aftersale-refuse-reason'), { target: { value: '发货时质检合格' } });
    fireEvent.click(screen.getByTestId('aftersale-refuse-ok'));
    await waitFor(() => expect(bodyOf('/api/aftersale/answer')).toEqual({ requestId: '930001', accept: false, reason: '发货时质检合格' }));
  });

  it('lets the buyer ask for arbitration after a refusal, and ship the goods back with a valid tracking number once accepted', async () => {
    current = request({ status: 'refused', sellerReason: '发货时质检合格', deadline: null });
    openAlone(<AfterSalePanel kind="auction" orderId="880001" canOpen />);
    expect((await findSlow('aftersale-seller-reason')).textContent).toBe('发货时质检合格');
    expect(screen.queryByTestId('aftersale-open')).toBeNull();
    fireEvent.click(screen.getByTestId('aftersale-arbitrate'));
    fireEvent.change(await findSlow('aftersale-arbitrate-reason'), { target: { value: '有照片为证' } });
    fireEvent.click(screen.getByTestId('aftersale-arbitrate-ok'));
    await waitFor(() => expect(bodyOf('/api/aftersale/arbitrate')).toEqual({ requestId: '930001', reason: '有照片为证' }));
  });

  it('takes the return shipment’s carrier and tracking number', async () => {
    current = request({ status: 'accepted', history: [] });
    openAlone(<AfterSalePanel kind="auction" orderId="880001" canOpen />);
    fireEvent.click(await findSlow('aftersale-ship-back'));
    fireEvent.change(await findSlow('aftersale-ship-back-carrier'), { target: { value: '顺丰' } });
    fireEvent.change(screen.getByTestId('aftersale-ship-back-trackingNo'), { target: { value: 'SF 12' } });
    fireEvent.click(screen.getByTestId('aftersale-ship-back-ok'));
    expect(await screen.findByText('The tracking number is 4–40 letters, digits or hyphens')).toBeTruthy();
    fireEvent.change(screen.getByTestId('aftersale-ship-back-trackingNo'), { target: { value: 'SF1234567890' } });
    fireEvent.click(screen.getByTestId('aftersale-ship-back-ok'));
    await waitFor(() => expect(bodyOf('/api/aftersale/shipBack')).toEqual({ requestId: '930001', carrier: '顺丰', trackingNo: 'SF1234567890' }));
  });
});

describe('my after-sale requests', () => {
  it('lists the firm’s requests as buyer and opens one to its steps', async () => {
    current = request({ status: 'refunded', returnCarrier: '顺丰', returnTrackingNo: 'SF1234567890' });
    calls = stubApi((path) => (path === '/api/aftersale/list' ? reply({ content: [current], total: 1, page: 0, size: 10 }) : undefined));
    openAt('/afterSale');
    const row = await findSlow('aftersale-row');
    expect(row.textContent).toContain('螺纹钢 HRB400');
    expect(row.textContent).toContain('Refunded');
    expect(calls.find((c) => c.path === '/api/aftersale/list')?.body).toEqual({ side: 'buyer', page: 0, size: 10 });
    fireEvent.click(row);
    expect((await findSlow('aftersale-return-tracking')).textContent).toBe('顺丰 SF1234567890');
  });
});

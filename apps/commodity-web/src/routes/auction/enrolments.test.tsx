// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Enrolment } from '@tp/contract';
import { ENTERPRISE, findSlow, logIn, openAlone, openAt, reply, resetAroundEachTest, stubApi } from '../../test-support';
import { useEnrolStatuses } from './enrolments';

const enrolment = (itemId: string, status: Enrolment['status']): Enrolment => ({
  itemId,
  commodityName: '螺纹钢',
  status,
  channel: 'plain',
  bidderNo: 1,
  deposit: '2004.00',
  depositState: status === '2' ? 'F' : 'W',
  auctionStatus: '0',
  endTime: '2026-01-05T05:00:00.000Z',
  won: false,
  createdAt: '2026-01-05T02:00:00.000Z',
});

function Registered() {
  const statuses = useEnrolStatuses();
  return <p data-testid="registered">{[...statuses].map(([itemId, status]) => `${itemId}:${status}`).join(' ') || 'none'}</p>;
}

resetAroundEachTest('en');

describe('the firm’s auction sign-ups at startup', () => {
  it('are loaded once, page 0 of 1000, when the app starts with a session', async () => {
    const calls = stubApi();
    logIn(ENTERPRISE, ['auction.bid']);
    openAt('/auction');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auction/enrolments').map((c) => c.body)).toEqual([{ page: 0, size: 1000 }]), { timeout: 5000 });
  });

  it('are not asked for by a member without the bidding right (finance staff), so no refused call', async () => {
    const calls = stubApi();
    logIn(ENTERPRISE, ['capital.withdraw']);
    openAt('/auction');
    await findSlow('auction-phase-filter');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auction/list')).toBe(true), { timeout: 5000 });
    expect(calls.some((c) => c.path === '/api/auction/enrolments')).toBe(false);
  });

  it('are not asked for without a session', async () => {
    const calls = stubApi();
    openAt('/auction');
    await findSlow('auction-phase-filter');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auction/list')).toBe(true), { timeout: 5000 });
    expect(calls.some((c) => c.path === '/api/auction/enrolments')).toBe(false);
  });

  it('tell each lot’s sign-up state from the store, without a call per lot', async () => {
    const calls = stubApi((path) => (path === '/api/auction/enrolments' ? reply({ content: [enrolment('870001', '2'), enrolment('870002', '1')], total: 2, page: 0, size: 1000 }) : undefined));
    logIn(ENTERPRISE, ['auction.bid']);
    openAlone(<Registered />);
    await waitFor(() => expect(screen.getByTestId('registered').textContent).toBe('870001:2 870002:1'));
    expect((await findSlow('registered')).textContent).toContain('870001:2');
    expect(calls.filter((c) => c.path === '/api/auction/enrolments')).toHaveLength(1);
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { SessionInfo } from '@tp/contract';
import { SessionProvider, useSession } from './SessionProvider';
import { createSessionStore } from './store';

const INFO: SessionInfo = {
  isLogin: true,
  userId: 'u-1',
  sessionStr: 's-abc',
  tel: '13800000001',
  firmId: 'f-9',
  firmCode: 'F0009',
  marketId: '13',
  userType: 'personal',
  userCerStatus: '0',
  nickNameStatus: '0',
  highCerStatus: '0',
  isMainAccount: true,
  language: 'cn',
};

function Probe() {
  const { session, isLoggedIn, hasRight } = useSession();
  return (
    <output data-testid="probe">
      {isLoggedIn ? `in:${session?.tel}:${hasRight('trade.pick') ? 'pick' : 'no-pick'}` : 'out'}
    </output>
  );
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('useSession', () => {
  it('re-renders when the session is set, given rights, and cleared', () => {
    const store = createSessionStore({ storageKey: 'tp.test.session' });
    render(
      <SessionProvider store={store}>
        <Probe />
      </SessionProvider>,
    );
    const probe = screen.getByTestId('probe');
    expect(probe.textContent).toBe('out');

    act(() => store.set(INFO));
    expect(probe.textContent).toBe('in:13800000001:no-pick');

    act(() => store.setRights([{ rightCode: 'trade.pick', rightName: '摘牌' }]));
    expect(probe.textContent).toBe('in:13800000001:pick');

    act(() => store.clear());
    expect(probe.textContent).toBe('out');
  });
});

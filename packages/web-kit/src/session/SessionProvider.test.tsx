// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { SessionProvider, useSession } from './SessionProvider';
import { createSessionStore } from './store';
import { sessionInfoFor } from '../testing/sessionInfo';

const INFO = sessionInfoFor();

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

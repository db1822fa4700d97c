// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Menu } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { accountMenuItems, useAccountMenuClick } from './accountMenu';

afterEach(cleanup);

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function UserMenu({ events }: { events: string[] }) {
  const onClick = useAccountMenuClick({
    logout: () => {
      events.push('server told');
      return Promise.resolve();
    },
    endSession: () => events.push('session forgotten'),
    loginPath: '/login',
    loggedOut: 'You have logged out',
  });
  const items = accountMenuItems([{ key: '/account', label: <span data-testid="menu-account">Account</span> }], 'Log out');
  return <Menu items={items} onClick={onClick} />;
}

function renderAt(events: string[]) {
  render(
    <App>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route path="*" element={<><UserMenu events={events} /><Where /></>} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

describe('the user menu', () => {
  it('opens the page an entry names', () => {
    const events: string[] = [];
    renderAt(events);
    fireEvent.click(screen.getByTestId('menu-account'));
    expect(screen.getByTestId('where').textContent).toBe('/account');
    expect(events).toEqual([]);
  });

  it('logs out last, below a divider: tells the server, forgets the session, says so and goes to the login page', async () => {
    const events: string[] = [];
    renderAt(events);
    expect(document.querySelector('.ant-menu-item-divider')).not.toBeNull();
    fireEvent.click(screen.getByTestId('logout'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(events).toEqual(['server told', 'session forgotten']);
    expect(await screen.findByText('You have logged out')).toBeTruthy();
  });
});

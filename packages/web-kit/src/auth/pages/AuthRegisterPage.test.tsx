// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { chooseLanguage, createI18n } from '../../i18n/createI18n';
import { AuthRegisterPage, type AuthRegisterOptions } from './AuthRegisterPage';
import type { AuthPagesSetup } from './setup';

const PATHS = { home: '/index', login: '/login', register: '/register', forget: '/Forget' };

async function renderPage(options: AuthRegisterOptions) {
  const i18n = createI18n({ resources: { cn: {}, en: {}, tw: {} } });
  await chooseLanguage(i18n, 'cn');
  const register = vi.fn(() => Promise.resolve());
  const identity = {
    useRegister: () => ({ mutateAsync: register }),
    sendCode: vi.fn(() => Promise.resolve()),
    loadCaptcha: vi.fn(),
  } as unknown as AuthPagesSetup['identity'];
  render(
    <I18nextProvider i18n={i18n}>
      <AntApp>
        <MemoryRouter initialEntries={['/register/INV42']}>
          <Routes>
            <Route path="/register/:id?" element={<AuthRegisterPage identity={identity} paths={PATHS} card={{ className: 'auth-card', headingClassName: 'result-heading' }} {...options} />} />
            <Route path="/index" element={<p>home</p>} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </I18nextProvider>,
  );
  return { register };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the shared registration page', () => {
  it('offers the choice of account only where there are two ways to register', async () => {
    await renderPage({ ways: ['mobile', 'email'] });
    expect(screen.getByTestId('register-way-email')).toBeTruthy();
    cleanup();
    await renderPage({ ways: ['mobile'] });
    expect(screen.queryByTestId('register-way-email')).toBeNull();
  });

  it('registers a mobile account as the chosen user type, with the inviter from the address', async () => {
    const { register } = await renderPage({ ways: ['mobile'], askUserType: true, termsPath: '/footer/footerDetails/clauses' });
    expect(document.querySelector('a[href="/footer/footerDetails/clauses"]')).toBeTruthy();
    fireEvent.click(screen.getByDisplayValue('enterprise'));
    fireEvent.change(document.querySelector('#register_loginAccount')!, { target: { value: '13800138000' } });
    fireEvent.change(document.querySelector('#register_code')!, { target: { value: '123456' } });
    fireEvent.change(document.querySelector('#register_password')!, { target: { value: 'abc12345' } });
    fireEvent.change(document.querySelector('#register_confirm')!, { target: { value: 'abc12345' } });
    fireEvent.click(document.querySelector('#register_termsAccepted')!);
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith({
        registerWay: 'mobile',
        loginAccount: '13800138000',
        code: '123456',
        password: 'abc12345',
        termsAccepted: true,
        invitationCode: 'INV42',
        userType: 'enterprise',
      }),
    );
    await waitFor(() => expect(screen.queryByText('home')).toBeTruthy(), { timeout: 3000 });
  });
});

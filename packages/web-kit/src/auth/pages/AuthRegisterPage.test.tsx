// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AuthRegisterPage, type AuthRegisterOptions } from './AuthRegisterPage';
import { PATHS, fakeIdentity, renderAuthPage, resetAfterEachTest } from './authPageTestSupport';

resetAfterEachTest();

async function renderPage(options: AuthRegisterOptions) {
  const register = vi.fn(() => Promise.resolve());
  const identity = fakeIdentity({
    useRegister: () => ({ mutateAsync: register }),
    sendCode: vi.fn(() => Promise.resolve()),
    loadCaptcha: vi.fn(),
  });
  await renderAuthPage(
    <AuthRegisterPage identity={identity} paths={PATHS} card={{ className: 'auth-card', headingClassName: 'result-heading' }} {...options} />,
    '/register/INV42',
    '/register/:id?',
  );
  return { register };
}

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

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { chooseLanguage } from '@tp/web-kit';
import { queryClient } from '../../../api/client';
import { i18n } from '../../../i18n';
import { RegisterPage } from './RegisterPage';

async function renderPage(entry = '/register') {
  await chooseLanguage(i18n, 'en');
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="/register/:id?" element={<RegisterPage />} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => cleanup());

describe('sign-up page', () => {
  it('asks for a mobile number first, and for an e-mail address after switching', async () => {
    await renderPage();
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('register-way-email'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeTruthy());
    expect(screen.queryByRole('textbox', { name: 'Mobile number' })).toBeNull();
  });

  it('refuses a malformed e-mail address with a message naming the field', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('register-way-email'));
    const input = await screen.findByRole('textbox', { name: 'E-mail' });
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('E-mail must be a valid e-mail address')).toBeTruthy();
  });

  it('pre-fills the invitation code from the address', async () => {
    await renderPage('/register/ABCD2345');
    expect((screen.getByLabelText(/Invitation code/) as HTMLInputElement).value).toBe('ABCD2345');
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { ResultCode } from '@tp/contract';
import { ApiError } from '../api/client';
import { chooseLanguage, createI18n } from '../i18n/createI18n';
import { SendCodeButton } from './SendCodeButton';

const CHALLENGE = { captchaId: 'cap-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' };

async function renderButton(send: () => Promise<unknown>) {
  const i18n = createI18n({ resources: { cn: {}, en: {}, tw: {} } });
  await chooseLanguage(i18n, 'cn');
  const loadCaptcha = vi.fn(() => Promise.resolve(CHALLENGE));
  render(
    <I18nextProvider i18n={i18n}>
      <AntApp>
        <SendCodeButton send={send} loadCaptcha={loadCaptcha} />
      </AntApp>
    </I18nextProvider>,
  );
  return { loadCaptcha };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('SendCodeButton', () => {
  it('counts down 60 s after a successful send, then allows sending again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const send = vi.fn(() => Promise.resolve());
    await renderButton(send);
    const button = screen.getByTestId('send-code');

    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('60 秒后重发'));
    expect(send).toHaveBeenCalledTimes(1);
    expect(button).toHaveProperty('disabled', true);

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(button.textContent).toBe('59 秒后重发');
    for (let i = 0; i < 59; i++) await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(button.textContent).toBe('获取验证码');
    expect(button).toHaveProperty('disabled', false);
  });

  it('counts down what the server says when it says how long to wait', async () => {
    const send = vi.fn(() => Promise.resolve({ resendAfterSeconds: 90, expiresInSeconds: 300 }));
    await renderButton(send);
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toBe('90 秒后重发'));
  });

  it('asks for the image captcha when the server requires it and sends again with the answer', async () => {
    const send = vi
      .fn<(captcha?: { captchaId: string; captchaCode: string }) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(ResultCode.captchaRequired, '请输入图形验证码', 400))
      .mockResolvedValueOnce(undefined);
    const { loadCaptcha } = await renderButton(send);

    fireEvent.click(screen.getByTestId('send-code'));
    const image = await screen.findByTestId('captcha-image');
    expect(loadCaptcha).toHaveBeenCalledTimes(1);
    expect(image.getAttribute('data-captcha-id')).toBe('cap-1');

    fireEvent.change(document.querySelector('#sendCodeCaptcha_captchaCode')!, { target: { value: 'x7k2' } });
    fireEvent.click(screen.getByTestId('captcha-submit'));

    await waitFor(() => expect(send).toHaveBeenLastCalledWith({ captchaId: 'cap-1', captchaCode: 'x7k2' }));
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toBe('60 秒后重发'));
  });
});

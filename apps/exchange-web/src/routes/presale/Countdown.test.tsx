// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { chooseLanguage } from '@tp/web-kit';
import { i18n } from '../../i18n';
import { Countdown } from './Countdown';

const NOW = Date.parse('2026-11-26T08:00:00Z');
const project = { startTime: '2026-11-26T09:00:00.000Z', endTime: '2026-11-28T09:00:00.000Z' };

async function show(offsetMs: number) {
  await chooseLanguage(i18n, 'en');
  render(
    <I18nextProvider i18n={i18n}>
      <Countdown project={project} offsetMs={offsetMs} />
    </I18nextProvider>,
  );
  return screen.getByTestId('presale-countdown');
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the pre-sale countdown', () => {
  it('counts on the server’s clock, not the browser’s', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    // The browser is 10 minutes behind the server: the start is 50 minutes away, not an hour.
    const countdown = await show(10 * 60_000);
    expect(countdown.textContent).toBe('Starts in 0 d 0 h 50 m 0 s');
    act(() => void vi.advanceTimersByTime(3000));
    expect(countdown.textContent).toBe('Starts in 0 d 0 h 49 m 57 s');
  });

  it('counts to the end once started, and says when it has ended', async () => {
    vi.useFakeTimers({ now: NOW + 2 * 3_600_000, toFake: ['Date', 'setInterval', 'clearInterval'] });
    expect((await show(0)).textContent).toBe('Ends in 1 d 23 h 0 m 0 s');
    cleanup();
    vi.setSystemTime(Date.parse(project.endTime));
    expect((await show(0)).textContent).toBe('Subscription has ended');
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SystemSwitches } from '@tp/contract';
import { logInStaff, renderPage as render, reply, resetAroundEachTest, stubApi } from '../../test-support';
import { SystemPage } from './SystemPage';

let stored: SystemSwitches;
const saves: Record<string, unknown>[] = [];

resetAroundEachTest();
beforeEach(() => {
  stored = { upgrade: false, upgradeNotice: '', bankFunction: true };
  saves.length = 0;
  logInStaff();
  stubApi((url, body) => {
    if (url.startsWith('/api/admin/system/switches')) {
      const patch = body as Partial<SystemSwitches>;
      saves.push(patch);
      stored = { ...stored, ...patch };
      return reply(stored);
    }
    if (url.startsWith('/api/system/switches')) return reply(stored);
    return reply(null);
  });
});

const renderPage = () => render(<SystemPage />);

const noticeField = () => screen.getByTestId('upgrade-notice') as HTMLTextAreaElement;

async function flip(key: 'upgrade' | 'bankFunction') {
  fireEvent.click(screen.getByTestId(`switch-${key}`));
  fireEvent.click(await screen.findByTestId(`confirm-${key}`));
}

describe('system switches page', () => {
  it('keeps the typed notice when another switch changes', async () => {
    renderPage();
    await screen.findByTestId('upgrade-notice');
    fireEvent.change(noticeField(), { target: { value: '今晚 22:00 系统升级' } });
    await flip('bankFunction');
    await waitFor(() => expect(saves).toEqual([{ bankFunction: false }]));
    await waitFor(() => expect(screen.getByTestId('switch-bankFunction').getAttribute('aria-checked')).toBe('false'));
    expect(noticeField().value).toBe('今晚 22:00 系统升级');
  });

  it('saves the typed notice together with turning the upgrade on', async () => {
    renderPage();
    await screen.findByTestId('upgrade-notice');
    fireEvent.change(noticeField(), { target: { value: '今晚 22:00 系统升级' } });
    await flip('upgrade');
    await waitFor(() => expect(saves).toEqual([{ upgrade: true, upgradeNotice: '今晚 22:00 系统升级' }]));
    await waitFor(() => expect(screen.getByTestId('switch-upgrade').getAttribute('aria-checked')).toBe('true'));
    expect(noticeField().value).toBe('今晚 22:00 系统升级');
    expect(stored.upgradeNotice).toBe('今晚 22:00 系统升级');
  });

  it('turns the upgrade off without touching a notice nobody edited', async () => {
    stored = { upgrade: true, upgradeNotice: '升级中', bankFunction: true };
    renderPage();
    await waitFor(() => expect(noticeField().value).toBe('升级中'));
    await flip('upgrade');
    await waitFor(() => expect(saves).toEqual([{ upgrade: false }]));
    expect(noticeField().value).toBe('升级中');
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import type { SystemSwitches } from '@tp/contract';
import { chooseLanguage } from '@tp/web-kit';
import { queryClient } from '../../../api/client';
import { i18n } from '../../../i18n';
import { NAV } from '../../../layout/navigation';
import { routes } from '../../../router';
import { openAlone, renderInApp, reply, resetAroundEachTest, stubApi } from '../../../test-support';
import { SystemUpgradeNotice } from '../../system/systemUpgrade/SystemUpgradeNotice';
import { HOME_AREAS, HomePage } from './HomePage';

let switches: SystemSwitches = { upgrade: false, upgradeNotice: '', bankFunction: true };

resetAroundEachTest();
beforeEach(() => {
  stubApi((path) => (path === '/api/system/switches' ? reply(switches) : reply({ content: [], total: 0, page: 0, size: 5 })));
});

function renderHome() {
  // The switches as the app already read them, so the first render is the one to judge.
  queryClient.setQueryData(['system', 'switches'], switches);
  openAlone(<HomePage />, '/index');
}

/** The page a link opens: the catch-all "not found" route does not count. */
const opensAPage = (href: string) => {
  const matched = matchRoutes(routes, href);
  return matched !== null && matched.at(-1)?.route.path !== '*';
};

describe('home page notice', () => {
  it('keeps a notice drafted for a coming upgrade off the home page while maintenance is off', async () => {
    switches = { upgrade: false, upgradeNotice: '今晚 22:00 系统升级', bankFunction: true };
    renderHome();
    const strip = await screen.findByTestId('notice-strip');
    expect(strip.textContent).toContain('平台工作人员不会以任何理由索要您的登录密码');
    expect(strip.textContent).not.toContain('今晚 22:00 系统升级');
  });

  it('shows the upgrade notice while maintenance is on', async () => {
    switches = { upgrade: true, upgradeNotice: '今晚 22:00 系统升级', bankFunction: true };
    renderHome();
    await vi.waitFor(() => expect(screen.getByTestId('notice-strip').textContent).toContain('今晚 22:00 系统升级'));
  });

  it('says the system runs normally on the upgrade page while maintenance is off, whatever notice is drafted', () => {
    renderInApp(<SystemUpgradeNotice upgrading={false} notice="今晚 22:00 系统升级" checking={false} onRetry={() => undefined} />);
    expect(screen.getByTestId('upgrade-text').textContent).toBe(i18n.t('upgrade.normalText'));
  });
});

describe('what the home page and the header offer', () => {
  it('links every home card and header entry to a page of the route map', () => {
    for (const to of [...HOME_AREAS.map((area) => area.to), ...NAV.map((item) => item.key)]) expect(opensAPage(to), to).toBe(true);
  });

  it('links only to pages that exist, as rendered', async () => {
    renderHome();
    await screen.findByTestId('notice-strip');
    const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) expect(opensAPage(href), href).toBe(true);
  });

  it.each([
    ['cn', '商城'],
    ['tw', '商城'],
    ['en', 'Mall'],
  ] as const)('the header offers the mall, which opens its goods page, in %s', async (language, label) => {
    await chooseLanguage(i18n, language);
    const mall = NAV.find((item) => item.key === '/mall/mall');
    expect(mall && i18n.t(mall.label)).toBe(label);
    expect(opensAPage('/mall/mall')).toBe(true);
  });
});

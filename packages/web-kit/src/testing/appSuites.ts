/**
 * Test suites every web app runs against its own route map and dictionaries. They take Vitest's
 * functions from the calling test file, so nothing here loads Vitest into an app bundle.
 */
import type { i18n as I18n } from 'i18next';
import type { RouteObject } from 'react-router';
import type { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage, i18nReady } from '../i18n/createI18n';
import { NO_GAPS, translationGaps } from '../i18n/parity';
import { settleRouter } from '../routing/settleRouter';
import type { Session } from '../session/store';

export interface SuiteApi {
  describe: typeof describe;
  it: typeof it;
  expect: typeof expect;
  afterEach: typeof afterEach;
}

/** The app a route map belongs to: its routes and session store, and a session that may open the members' pages. */
export interface RouteMapApp {
  title: string;
  routes: RouteObject[];
  session: { set: (info: Session) => void; clear: () => void };
  member: Session;
}

export interface RouteMapPaths {
  /** A page behind the login, and the search the login page gets to come back to it. */
  guarded: { entry: string; redirectSearch: string };
  memberPaths: string[];
  publicPaths: string[];
}

/**
 * What a visitor and a logged-in user end up on: a guarded page sends a visitor to the login,
 * keeping the page to come back to; the member opens the members' pages; public pages open with
 * no session and no route error.
 */
export function describeRouteMap({ describe, it, expect, afterEach }: SuiteApi, app: RouteMapApp, paths: RouteMapPaths) {
  const settle = (entry: string) => settleRouter(app.routes, entry);
  describe(app.title, () => {
    afterEach(() => app.session.clear());

    it('sends a visitor to the login page, keeping the page as the redirect', async () => {
      const router = await settle(paths.guarded.entry);
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toBe(paths.guarded.redirectSearch);
    });

    it('lets a logged-in user in', async () => {
      app.session.set(app.member);
      for (const path of paths.memberPaths) expect((await settle(path)).state.location.pathname).toBe(path);
    });

    it('serves the public pages without a session', async () => {
      for (const path of paths.publicPaths) {
        const router = await settle(path);
        expect(router.state.location.pathname).toBe(path);
        expect(router.state.errors).toBeNull();
      }
    });
  });
}

type Dictionary = { app: { title: string } };

/**
 * An app's dictionaries: en and tw have every text of cn, non-empty and with the same
 * placeholders; each language has its own page title; the app's i18n loads each on demand.
 */
export function describeTranslations({ describe, it, expect }: SuiteApi, dictionaries: { cn: Dictionary; en: Dictionary; tw: Dictionary }, i18n: I18n) {
  const { cn, en, tw } = dictionaries;
  describe('translations', () => {
    it.each([
      ['en', en],
      ['tw', tw],
    ] as const)('%s has every text, non-empty, with the same placeholders as cn', (_name, messages) => {
      expect(translationGaps(cn, messages)).toEqual(NO_GAPS);
    });

    it('gives each language its own page title, so the language shows at a glance', () => {
      expect(new Set([cn.app.title, en.app.title, tw.app.title]).size).toBe(3);
    });

    it('loads each language, on demand, from its own dictionary', async () => {
      await i18nReady(i18n);
      for (const [language, messages] of [['en', en], ['tw', tw], ['cn', cn]] as const) {
        await chooseLanguage(i18n, language);
        expect(i18n.t('app.title')).toBe(messages.app.title);
      }
    });
  });
}

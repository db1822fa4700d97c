import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '@tp/web-kit';
import { mayOpenPage } from '../../layout/pageRights';

/** A center menu's entry: the page's address and the name tests find its link by. */
export interface MenuEntry {
  key: string;
  path: string;
}

/**
 * The entries the viewer's rights open, in their order, as menu items linking to their pages
 * (`<testIdPrefix>-<key>`); the rights each page needs are in layout/pageRights.ts, the same the
 * route map's gate checks.
 */
export function menuLinks<E extends MenuEntry>(entries: readonly E[], hasRight: (code: string) => boolean, testIdPrefix: string, label: (entry: E) => string) {
  return entries
    .filter((entry) => mayOpenPage(entry.path, hasRight))
    .map((entry) => ({
      key: entry.path,
      label: (
        <Link to={entry.path} data-testid={`${testIdPrefix}-${entry.key}`}>
          {label(entry)}
        </Link>
      ),
    }));
}

/** Menu items under a group heading; no group when the viewer may open none of them. */
export function menuGroup<I>(key: string, label: string, children: I[]) {
  return children.length === 0 ? [] : [{ type: 'group' as const, key, label, children }];
}

/**
 * A section's pages in a center as one menu group under `title`: the entries the viewer's rights
 * open, their links found by `<section>-menu-<key>`, then any `more` items; no group when there is
 * nothing to show.
 */
export function useSectionMenu<E extends MenuEntry>(
  section: string,
  area: string,
  title: string,
  entries: readonly E[],
  label: (entry: E) => string,
  more: { key: string; label: ReactNode }[] = [],
) {
  const { hasRight } = useSession();
  return menuGroup(`${section}-${area}`, title, [...menuLinks(entries, hasRight, `${section}-menu`, label), ...more]);
}

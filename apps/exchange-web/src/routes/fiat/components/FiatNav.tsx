import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fiatPaths } from './fiatPaths';

const ITEMS = [
  { to: fiatPaths.market, label: 'fiat.nav.market', end: true },
  { to: fiatPaths.orders, label: 'fiat.nav.orders', end: false },
  { to: fiatPaths.myAds, label: 'fiat.nav.myAds', end: true },
  { to: fiatPaths.postAd, label: 'fiat.nav.postAd', end: true },
  { to: fiatPaths.settings, label: 'fiat.nav.settings', end: true },
  { to: fiatPaths.merchant, label: 'fiat.nav.merchant', end: true },
] as const;

/** The fiat area's own menu, above each of its pages. */
export function FiatNav() {
  const { t } = useTranslation();
  return (
    <nav className="ex-subnav" data-testid="fiat-nav" style={{ display: 'flex', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
      {ITEMS.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className="ex-nav-item">
          {t(item.label)}
        </NavLink>
      ))}
    </nav>
  );
}

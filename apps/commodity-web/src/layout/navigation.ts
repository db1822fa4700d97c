import { loginPathFrom } from '@tp/web-kit';
import { paths } from '../paths';

/** The header's areas: only parts of the platform that exist (the route map has each of them). */
export const NAV = [
  { key: paths.home, label: 'nav.home' },
  { key: paths.resources, label: 'nav.resources' },
  { key: paths.purchase, label: 'nav.purchase' },
  { key: paths.auctionHall, label: 'auction.nav' },
  { key: paths.supplyDemand, label: 'nav.supplyDemand' },
  { key: paths.productionSell, label: 'nav.productionSell' },
  { key: paths.mall, label: 'mall.nav' },
  { key: paths.marketAnalyses, label: 'quotation.title' },
  { key: paths.fileDownload, label: 'download.title' },
  { key: paths.integral, label: 'integral.nav' },
  { key: paths.news, label: 'nav.news' },
  { key: paths.helpCenter, label: 'nav.help' },
] as const;

const firstSegment = (pathname: string) => (pathname.split('/')[1] ?? '').toLowerCase();

/** The navigation entries lit for a page: those of the same area (first path segment). */
export function selectedNav(pathname: string): string[] {
  const segment = firstSegment(pathname);
  return NAV.filter((item) => firstSegment(item.key) === segment).map((item) => item.key);
}

const AUTH_PAGES = [paths.login, paths.register, paths.forget, paths.qrCodeLogin];

/** Where the header's "log in" goes: back to the current page afterwards, except from the auth pages themselves. */
export function headerLoginPath(pathname: string, search: string): string {
  return loginPathFrom(pathname, search, AUTH_PAGES, paths.login);
}

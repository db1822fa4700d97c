import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEGAL_KINDS } from '@tp/contract';
import { legalPath, paths } from '../paths';

const SERVICE_LINKS = [
  { to: paths.notice, label: 'content.footer.notice' },
  { to: paths.help, label: 'content.footer.help' },
  { to: paths.about, label: 'content.footer.about' },
  { to: paths.contact, label: 'content.footer.contact' },
  { to: paths.fees, label: 'content.footer.fees' },
  { to: paths.download, label: 'content.footer.download' },
  { to: paths.presale, label: 'presale.nav' },
  { to: paths.lockup, label: 'lockup.nav' },
] as const;

/** The footer of every page: the service pages and every legal text (plain links, part of the first load). */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="ex-footer" data-testid="site-footer">
      <nav className="ex-footer-links" aria-label={t('content.footer.service')}>
        {SERVICE_LINKS.map((link) => (
          <Link key={link.to} to={link.to}>
            {t(link.label)}
          </Link>
        ))}
      </nav>
      <nav className="ex-footer-links" aria-label={t('content.footer.legal')}>
        {LEGAL_KINDS.map((kind) => (
          <Link key={kind} to={legalPath(kind)} data-testid={`footer-${kind}`}>
            {t(`content.legal.${kind}`)}
          </Link>
        ))}
      </nav>
      <p>{t('app.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

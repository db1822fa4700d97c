import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths';

/** The spec's footer labels; each opens its content page (`/footer/footerDetails/{id}`). */
const FOOTER_LINKS = ['services', 'clauses', 'about', 'help', 'contact', 'media', 'rate'] as const;

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="shell-footer">
      <nav className="shell-footer-links">
        {FOOTER_LINKS.map((key) => (
          <Link key={key} to={paths.footerDetails(key)}>
            {t(`footer.${key}`)}
          </Link>
        ))}
      </nav>
      <div className="shell-footer-copyright">{t('app.copyright', { year: new Date().getFullYear() })}</div>
    </footer>
  );
}

import { Divider, Layout, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths';

/** The spec's footer labels; each opens its content page (`/footer/footerDetails/{id}`). */
const FOOTER_LINKS = ['services', 'clauses', 'about', 'help', 'contact', 'media', 'rate'] as const;

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Layout.Footer className="shell-footer">
      <Space separator={<Divider orientation="vertical" style={{ borderColor: 'rgba(255,255,255,0.3)' }} />} wrap>
        {FOOTER_LINKS.map((key) => (
          <Link key={key} to={paths.footerDetails(key)}>
            {t(`footer.${key}`)}
          </Link>
        ))}
      </Space>
      <div style={{ marginTop: 12 }}>{t('app.copyright', { year: new Date().getFullYear() })}</div>
    </Layout.Footer>
  );
}

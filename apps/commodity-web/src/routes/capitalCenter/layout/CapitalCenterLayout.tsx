import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { useCapitalLive } from '../../../api/bank';
import { capitalMenu } from './menu';
import { SideMenuLayout } from '../../../layout/SideMenuLayout';

/** `/capitalCenter` (login required): the menu of what the firm's rights allow, beside the chosen page. */
export function CapitalCenterLayout() {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  useCapitalLive();
  const items = capitalMenu(hasRight).map((entry) => ({
    key: entry.path,
    label: (
      <Link to={entry.path} data-testid={`capital-menu-${entry.key}`}>
        {t(`capital.menu.${entry.key}`)}
      </Link>
    ),
  }));
  return <SideMenuLayout title={t('capital.title')} items={items} />;
}

import { Card, Col, Menu, Row } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { useCapitalLive } from '../../../api/bank';
import { capitalMenu } from './menu';

/** `/capitalCenter` (login required): the menu of what the firm's rights allow, beside the chosen page. */
export function CapitalCenterLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
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
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={6}>
        <Card title={t('capital.title')} styles={{ body: { padding: 8 } }}>
          <Menu mode="inline" selectedKeys={[pathname]} items={items} style={{ borderInlineEnd: 'none' }} />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Outlet />
      </Col>
    </Row>
  );
}

import { Card, Col, Menu, Row } from 'antd';
import { IdcardOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../paths';

/** `/personalCenter` (login required): the section menu beside the chosen page. */
export function PersonalCenterLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = [
    { key: paths.accountInfo, icon: <IdcardOutlined />, label: <Link to={paths.accountInfo}>{t('personal.accountInfo')}</Link> },
    { key: paths.accountSafe, icon: <SafetyCertificateOutlined />, label: <Link to={paths.accountSafe}>{t('personal.accountSafe')}</Link> },
  ];
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={6}>
        <Card title={t('personal.title')} styles={{ body: { padding: 8 } }}>
          <Menu mode="inline" selectedKeys={[pathname]} items={items} style={{ borderInlineEnd: 'none' }} />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Outlet />
      </Col>
    </Row>
  );
}

import type { ReactNode } from 'react';
import { Card, Col, Menu, Row, type MenuProps } from 'antd';
import { Outlet, useLocation } from 'react-router';

/** A center's open page beside its menu card; the entry of the current address is selected. */
export function SideMenuLayout({ title, items, menuTestId, belowMenu }: { title: string; items: MenuProps['items']; menuTestId?: string; belowMenu?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={6}>
        <Card title={title} styles={{ body: { padding: 8 } }}>
          <Menu mode="inline" selectedKeys={[pathname]} items={items} style={{ borderInlineEnd: 'none' }} data-testid={menuTestId} />
          {belowMenu}
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Outlet />
      </Col>
    </Row>
  );
}

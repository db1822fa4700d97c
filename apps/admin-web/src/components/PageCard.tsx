import type { ReactNode } from 'react';
import { Card } from 'antd';

/** Every back-office page: a card with the page's heading. */
export function PageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={<h1 className="adm-heading" data-testid="page-heading">{title}</h1>}>
      {children}
    </Card>
  );
}

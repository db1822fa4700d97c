import type { ReactNode } from 'react';
import { Card } from 'antd';

/** A capital center page: one card headed by the page's name. */
export function PageCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      title={
        <h1 className="result-heading" data-testid="page-heading">
          {title}
        </h1>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

import type { ReactNode } from 'react';
import { Card } from 'antd';

/** A section page's card, its title the page heading. */
export function SectionCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
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

/** A server-paged table's paging: pages count from 0 on the wire and from 1 on screen. */
export const pagination = (page: number, size: number, total: number, onChange: (page: number) => void) => ({
  current: page + 1,
  pageSize: size,
  total,
  showSizeChanger: false,
  onChange: (next: number) => onChange(next - 1),
});

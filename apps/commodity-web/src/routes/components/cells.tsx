import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';

/**
 * A table cell's main content with a smaller line under it: a secondary detail, or (`danger`)
 * why the row was refused. No line when there is nothing to say.
 */
export function TwoLineCell({ children, note, danger = false, noteTestId }: { children: ReactNode; note: ReactNode; danger?: boolean; noteTestId?: string }) {
  return (
    <Space direction="vertical" size={0}>
      {children}
      {note ? (
        <Typography.Text type={danger ? 'danger' : 'secondary'} data-testid={noteTestId}>
          {note}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

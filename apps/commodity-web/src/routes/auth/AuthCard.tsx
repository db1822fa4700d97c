import type { ReactNode } from 'react';
import { Card } from 'antd';

/** The narrow centred card the login, register and password pages sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="auth-card" title={<h1 className="result-heading" data-testid="page-heading">{title}</h1>}>
      {children}
    </Card>
  );
}

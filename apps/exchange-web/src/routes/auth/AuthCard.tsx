import type { ReactNode } from 'react';
import { Card } from 'antd';

/** The narrow centred card the login, sign-up and reset pages sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="ex-auth-card" title={<h1 className="ex-heading" data-testid="page-heading">{title}</h1>}>
      {children}
    </Card>
  );
}

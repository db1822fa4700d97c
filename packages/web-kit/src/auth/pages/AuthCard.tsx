import type { ReactNode } from 'react';
import { Card } from 'antd';

/** Each app's look for the narrow centred card its account pages sit in. */
export interface AuthCardClasses {
  className: string;
  headingClassName: string;
}

/** The card the login, registration and password pages sit in; its title is the page heading. */
export function AuthCard({ title, classes, children }: { title: string; classes: AuthCardClasses; children: ReactNode }) {
  return (
    <Card
      className={classes.className}
      title={
        <h1 className={classes.headingClassName} data-testid="page-heading">
          {title}
        </h1>
      }
    >
      {children}
    </Card>
  );
}

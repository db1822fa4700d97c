import type { ReactNode } from 'react';
import { Button, Card, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Loading, failed (with retry) or empty, in one place; otherwise the page's content. */
export function Loaded({ query, empty, children }: { query: QueryLike; empty?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('warehouse.loadFailed')}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="warehouse-retry">
            {t('warehouse.retry')}
          </Button>
        }
      />
    );
  if (empty) return <Empty description={t('warehouse.empty')} data-testid="warehouse-empty" />;
  return <>{children}</>;
}

export function WarehouseCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
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

/** Antd form rules with messages that name the field. */
export function useRules() {
  const { t } = useTranslation();
  return (field: string, kind: 'required' | 'amount3' | 'phone' = 'required') => {
    const label = t(`warehouse.fields.${field}` as 'warehouse.fields.batch');
    const rules: object[] = [{ required: true, whitespace: true, message: t('warehouse.rules.required', { field: label }) }];
    if (kind === 'amount3') rules.push({ pattern: /^(0|[1-9]\d{0,14})(\.\d{1,3})?$/, message: t('warehouse.rules.amount3', { field: label }) }, { validator: (_: unknown, v: string) => (v && /^0(\.0*)?$/.test(v) ? Promise.reject(new Error(t('warehouse.rules.amount3', { field: label }))) : Promise.resolve()) });
    if (kind === 'phone') rules.push({ pattern: /^[0-9+\-\s]{6,20}$/, message: t('warehouse.rules.phone', { field: label }) });
    return rules;
  };
}

export const pagination = (page: number, size: number, total: number, onChange: (page: number) => void) => ({
  current: page + 1,
  pageSize: size,
  total,
  showSizeChanger: false,
  onChange: (next: number) => onChange(next - 1),
});

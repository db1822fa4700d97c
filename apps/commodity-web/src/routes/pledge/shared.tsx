import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@tp/web-kit';
import type { FinanceStatus, PledgeBill, PledgeBillDay, PledgeFinance, PledgeRepayment, PledgeStatus, RepaymentStatus } from '@tp/contract';
import { SectionCard, pagination } from '../../layout/SectionPage';

export const PledgeCard = SectionCard;
export { pagination };

const FINANCE_COLOURS: Record<FinanceStatus, string> = { '0': 'processing', '1': 'blue', '2': 'default', '3': 'success', '4': 'error' };

/** The three states of a loan as tags, in the spec's words. */
export function StatusTags({ finance }: { finance: Pick<PledgeFinance, 'pledgeStatus' | 'financeStatus' | 'repaymentStatus'> }) {
  const { t } = useTranslation();
  return (
    <span data-testid="pledge-status" data-pledge={finance.pledgeStatus} data-finance={finance.financeStatus} data-repayment={finance.repaymentStatus}>
      <Tag color={FINANCE_COLOURS[finance.financeStatus]}>{t(`pledge.financeStatus.${finance.financeStatus}`)}</Tag>
      <Tag>{t(`pledge.pledgeStatus.${finance.pledgeStatus as PledgeStatus}`)}</Tag>
      <Tag>{t(`pledge.repaymentStatus.${finance.repaymentStatus as RepaymentStatus}`)}</Tag>
    </span>
  );
}

/** Antd rules naming the field, with the server's own patterns. */
export function usePledgeRules() {
  const { t } = useTranslation();
  return (field: string, kind: 'required' | 'amount' | 'quantity' = 'required') => {
    const label = t(`pledge.fields.${field}` as 'pledge.fields.amount');
    const rules: object[] = [{ required: kind === 'required' || kind === 'amount', whitespace: true, message: t('pledge.rules.required', { field: label }) }];
    if (kind === 'amount') rules.push({ pattern: /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/, message: t('pledge.rules.amount', { field: label }) }, positive(t('pledge.rules.amount', { field: label })));
    if (kind === 'quantity') rules.push({ pattern: /^(?:0|[1-9]\d{0,11})(?:\.\d{1,3})?$/, message: t('pledge.rules.quantity', { field: label }) }, positive(t('pledge.rules.quantity', { field: label })));
    return rules;
  };
}

const positive = (message: string) => ({ validator: (_: unknown, v: string | undefined) => (v && /^0(\.0*)?$/.test(v) ? Promise.reject(new Error(message)) : Promise.resolve()) });

/** The columns every loan list shares. */
export function useFinanceColumns(side: 'borrower' | 'funder') {
  const { t } = useTranslation();
  return [
    { title: t('pledge.fields.financeId'), dataIndex: 'financeId', key: 'financeId' },
    side === 'borrower' ? { title: t('pledge.fields.factorId'), dataIndex: 'funderName', key: 'funderName' } : { title: t('pledge.fields.borrower'), dataIndex: 'borrowerName', key: 'borrowerName' },
    { title: t('pledge.fields.commodityName'), dataIndex: 'commodityName', key: 'commodityName' },
    { title: t('pledge.fields.storageName'), dataIndex: 'storageName', key: 'storageName' },
    { title: t('pledge.fields.quantity'), key: 'goods', render: (_: unknown, f: PledgeFinance) => `${f.quantity} / ${f.weight}${f.weightUnit}` },
    { title: t('pledge.fields.paybackTimeId'), dataIndex: 'paybackTimeId', key: 'paybackTimeId' },
    { title: t('pledge.fields.amount'), dataIndex: 'amount', key: 'amount', render: (v: string) => formatMoney(v) },
    { title: t('pledge.fields.payoff'), dataIndex: 'payoff', key: 'payoff', render: (v: string, f: PledgeFinance) => <span data-testid={`payoff-${f.financeId}`}>{formatMoney(v)}</span> },
    { title: t('pledge.fields.dueDay'), dataIndex: 'dueDay', key: 'dueDay', render: (v: string | null) => v ?? '—' },
    { title: t('pledge.fields.financeStatus'), key: 'status', render: (_: unknown, f: PledgeFinance) => <StatusTags finance={f} /> },
  ];
}

/** A loan's bill: one row per day, the repayments, and the totals in figures and in uppercase Chinese. */
export function BillView({ bill }: { bill: PledgeBill }) {
  const { t } = useTranslation();
  return (
    <div data-testid="pledge-bill">
      <Typography.Paragraph data-testid="bill-total">
        {t('pledge.hints.totalInterest', { total: formatMoney(bill.totalInterest), upper: bill.totalInterestUppercase, penalty: formatMoney(bill.totalPenalty) })}
      </Typography.Paragraph>
      <Typography.Paragraph>{t('pledge.hints.payoff', { payoff: formatMoney(bill.finance.payoff), upper: bill.finance.payoffUppercase })}</Typography.Paragraph>
      <Table<PledgeRepayment>
        rowKey="repaymentId"
        size="small"
        pagination={false}
        dataSource={bill.repayments}
        columns={[
          { title: t('pledge.fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
          { title: t('pledge.fields.kind'), dataIndex: 'kind', render: (v: PledgeRepayment['kind']) => t(`pledge.kinds.${v}`) },
          { title: t('pledge.fields.amount'), dataIndex: 'amount', render: (v: string) => formatMoney(v) },
          { title: t('pledge.fields.principal'), dataIndex: 'principal', render: (v: string) => formatMoney(v) },
          { title: t('pledge.fields.interest'), dataIndex: 'interest', render: (v: string) => formatMoney(v) },
          { title: t('pledge.fields.penalty'), dataIndex: 'penalty', render: (v: string) => formatMoney(v) },
          { title: t('pledge.fields.releasedQuantity'), dataIndex: 'releasedQuantity' },
          { title: t('pledge.fields.surplus'), dataIndex: 'surplus', render: (v: string) => formatMoney(v) },
        ]}
      />
      <Table<PledgeBillDay>
        rowKey="day"
        size="small"
        dataSource={bill.days}
        pagination={{ pageSize: 31, showSizeChanger: false }}
        columns={[
          { title: t('pledge.fields.day'), dataIndex: 'day' },
          { title: t('pledge.fields.principal'), dataIndex: 'principal', render: (v: string) => formatMoney(v) },
          { title: t('pledge.fields.interest'), dataIndex: 'interest', render: (v: string) => formatMoney(v) },
          { title: t('pledge.fields.penalty'), dataIndex: 'penalty', render: (v: string) => formatMoney(v) },
        ]}
      />
    </div>
  );
}

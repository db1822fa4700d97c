import { useState } from 'react';
import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates, runAction } from '@tp/web-kit';
import type { PledgeBill } from '@tp/contract';
import { useFunderOrders, usePledgeBill } from '../../../api/pledge';
import { BillView, PledgeCard } from '../../pledge/shared';

/** Writes the bill as an .xlsx workbook: the loan, its repayments and each day. exceljs loads only when asked for. */
async function exportBill(bill: PledgeBill, labels: Record<string, string>) {
  const { Workbook } = await import('exceljs');
  const book = new Workbook();
  const f = bill.finance;
  const summary = book.addWorksheet(labels.summary!);
  summary.addRows([
    [labels.financeId, f.financeId],
    [labels.borrower, f.borrowerName],
    [labels.contractNo, f.contractNo],
    [labels.amount, f.amount, f.amountUppercase],
    [labels.annualRate, f.annualRate],
    [labels.dueDay, f.dueDay ?? ''],
    [labels.interest, bill.totalInterest, bill.totalInterestUppercase],
    [labels.penalty, bill.totalPenalty],
    [labels.payoff, f.payoff, f.payoffUppercase],
  ]);
  const days = book.addWorksheet(labels.days!);
  days.addRow([labels.day, labels.principal, labels.interest, labels.penalty]);
  // Amounts stay text: the workbook shows exactly the fen the platform computed.
  for (const d of bill.days) days.addRow([d.day, d.principal, d.interest, d.penalty]);
  const repayments = book.addWorksheet(labels.repayments!);
  repayments.addRow([labels.createdAt, labels.amount, labels.principal, labels.interest, labels.penalty, labels.surplus]);
  for (const r of bill.repayments) repayments.addRow([r.createdAt, r.amount, r.principal, r.interest, r.penalty, r.surplus]);
  const buffer = await book.xlsx.writeBuffer();
  const url = URL.createObjectURL(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `bill-${f.financeId}.xlsx`;
  a.click();
  URL.revokeObjectURL(url);
}

/** `/financial/bill`: a loan's interest bill and statement, exported to Excel. */
export function FinancialBillPage() {
  const { t } = useTranslation();
  const loans = useFunderOrders({ page: 0, size: 100 });
  const [financeId, setFinanceId] = useState<string | undefined>();
  const bill = usePledgeBill('funder', financeId);
  const disbursed = (loans.data?.content ?? []).filter((l) => l.disbursedAt);
  const field = (k: string) => t(`pledge.fields.${k}` as 'pledge.fields.amount');
  const labels = {
    summary: t('pledge.financial.bill'),
    days: field('day'),
    repayments: t('pledge.financial.accountReceive'),
    ...Object.fromEntries(['financeId', 'borrower', 'contractNo', 'amount', 'annualRate', 'dueDay', 'interest', 'penalty', 'payoff', 'day', 'principal', 'createdAt', 'surplus'].map((k) => [k, field(k)])),
  };
  return (
    <PledgeCard
      title={t('pledge.financial.bill')}
      extra={
        <Button data-testid="bill-export" disabled={!bill.data} onClick={() => void runAction(() => exportBill(bill.data!, labels))}>
          {t('pledge.actions.export')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          data-testid="bill-loan"
          style={{ minWidth: 320 }}
          placeholder={t('pledge.hints.chooseLoan')}
          loading={loans.isPending}
          value={financeId}
          onChange={setFinanceId}
          options={disbursed.map((l) => ({ value: l.financeId, label: `${l.financeId} · ${l.borrowerName} · ${l.commodityName}` }))}
        />
        {financeId && (
          <QueryStates keys="pledge" query={bill}>
            {bill.data && <BillView bill={bill.data} />}
          </QueryStates>
        )}
      </Space>
    </PledgeCard>
  );
}

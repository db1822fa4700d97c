import { useState } from 'react';
import { Button, Checkbox, Drawer, Form, Input, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates, formatMoney, runAction, useApp } from '@tp/web-kit';
import { toChineseUppercase } from '@tp/decimal';
import type { PaybackTimeId, PledgeFinance } from '@tp/contract';
import { contractPdf, useAcceptQuote, useApplyPledge, useDeclineQuote, useManualPayback, useMyFinances, usePledgeBill, useRateInfo, useWithdrawPledge } from '../../../api/pledge';
import { HoldingSelect, useHeldHoldings } from '../../listing/components/HoldingSelect';
import { BillView, PledgeCard, useFinanceColumns, usePledgeRules } from '../shared';
import { PagedTable } from '../../components/PagedTable';

interface ApplyForm {
  holdId: string;
  quantity?: string;
  productId: string;
  paybackTimeId: PaybackTimeId;
}

/** Pledge a held holding (or part of it) to a funder for one of its terms. */
function ApplyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const rule = usePledgeRules();
  const [form] = Form.useForm<ApplyForm>();
  const held = useHeldHoldings(undefined, open);
  const rates = useRateInfo();
  const apply = useApplyPledge();
  const holdId = Form.useWatch('holdId', form);
  const productId = Form.useWatch('productId', form);
  const holding = held.content.find((h) => h.holdId === holdId);
  const products = (rates.data?.products ?? []).filter((p) => !holding || p.commodityName === holding.commodityName);
  const product = products.find((p) => p.productId === productId);
  async function submit() {
    const values = await form.validateFields();
    const chosen = products.find((p) => p.productId === values.productId)!;
    await apply.mutateAsync({ holdId: values.holdId, ...(values.quantity ? { quantity: values.quantity } : {}), factorId: chosen.factorId, paybackTimeId: values.paybackTimeId });
    void message.success(t('pledge.done.applied'));
    form.resetFields();
    onClose();
  }
  return (
    <Modal open={open} title={t('pledge.actions.apply')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={apply.isPending} okButtonProps={{ 'data-testid': 'apply-submit' }} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="holdId" label={t('pledge.fields.holdId')} rules={rule('holdId')}>
          <HoldingSelect holdings={held.content} loading={held.query.isPending} testId="field-holdId" />
        </Form.Item>
        <Form.Item name="quantity" label={t('pledge.fields.quantity')} rules={rule('quantity', 'quantity')} extra={holding ? `≤ ${holding.quantity}` : undefined}>
          <Input data-testid="field-quantity" inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="productId" label={t('pledge.fields.factorId')} rules={rule('factorId')}>
          <Select
            data-testid="field-factorId"
            loading={rates.isPending}
            options={products.map((p) => ({ value: p.productId, label: `${p.funderName} · ${p.commodityName} · ${t('pledge.fields.ltv')} ${p.ltv} · ${t('pledge.fields.annualRate')} ${p.annualRate}` }))}
          />
        </Form.Item>
        <Form.Item name="paybackTimeId" label={t('pledge.fields.paybackTimeId')} rules={rule('paybackTimeId')}>
          <Select data-testid="field-paybackTimeId" options={(product?.terms ?? []).map((d) => ({ value: d, label: d }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Manual payback, partial or in full, after a confirmation showing the amount in figures and in words. */
function RepayModal({ finance, onClose }: { finance: PledgeFinance | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const rule = usePledgeRules();
  const [form] = Form.useForm<{ amount: string; release: boolean }>();
  const repay = useManualPayback();
  async function submit() {
    if (!finance) return;
    const values = await form.validateFields();
    modal.confirm({
      title: t('pledge.confirm.repay', { amount: formatMoney(values.amount), upper: toChineseUppercase(values.amount) }),
      okButtonProps: { 'data-testid': 'repay-ok' },
      onOk: () =>
        repay.mutateAsync({ financeId: finance.financeId, amount: values.amount, release: values.release }).then(() => {
          void message.success(t('pledge.done.repaid'));
          form.resetFields();
          onClose();
        }),
    });
  }
  return (
    <Modal open={finance !== null} title={t('pledge.actions.repay')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={repay.isPending} okButtonProps={{ 'data-testid': 'repay-submit' }} destroyOnHidden>
      {finance && <p data-testid="repay-payoff">{t('pledge.hints.payoff', { payoff: formatMoney(finance.payoff), upper: finance.payoffUppercase })}</p>}
      <Form form={form} layout="vertical" initialValues={{ release: false }}>
        <Form.Item name="amount" label={t('pledge.fields.repayAmount')} rules={rule('repayAmount', 'amount')}>
          <Input data-testid="field-amount" inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="release" valuePropName="checked">
          <Checkbox data-testid="field-release">{t('pledge.fields.release')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeclineModal({ finance, onClose }: { finance: PledgeFinance | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rule = usePledgeRules();
  const [form] = Form.useForm<{ reason: string }>();
  const decline = useDeclineQuote();
  async function submit() {
    if (!finance) return;
    const { reason } = await form.validateFields();
    await decline.mutateAsync({ financeId: finance.financeId, reason });
    onClose();
  }
  return (
    <Modal open={finance !== null} title={t('pledge.actions.decline')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={decline.isPending} okButtonProps={{ 'data-testid': 'decline-submit' }} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('pledge.fields.reason')} rules={rule('reason')}>
          <Input.TextArea data-testid="field-reason" maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A loan's bill in a drawer, for either party. */
export function BillDrawer({ side, financeId, onClose }: { side: 'borrower' | 'funder'; financeId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const bill = usePledgeBill(side, financeId ?? undefined);
  return (
    <Drawer open={financeId !== null} onClose={onClose} title={`${t('pledge.actions.bill')} ${financeId ?? ''}`} size="large" destroyOnHidden>
      <QueryStates keys="pledge" query={bill}>
        {bill.data && <BillView bill={bill.data} />}
      </QueryStates>
    </Drawer>
  );
}

/** Opens the signed pledge contract (fetched with the session's headers). */
export async function openContract(financeId: string) {
  const blob = await contractPdf(financeId);
  window.open(URL.createObjectURL(blob), '_blank', 'noopener');
}

/** `/sellerCenter/sales/myFinancing`: applications, loans, bills and repayment. */
export function MyFinancingPage() {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const [page, setPage] = useState(0);
  const list = useMyFinances({ page, size: 10 });
  const [applying, setApplying] = useState(false);
  const [repaying, setRepaying] = useState<PledgeFinance | null>(null);
  const [declining, setDeclining] = useState<PledgeFinance | null>(null);
  const [billOf, setBillOf] = useState<string | null>(null);
  const accept = useAcceptQuote();
  const withdraw = useWithdrawPledge();
  const columns = useFinanceColumns('borrower');

  const confirmAccept = (f: PledgeFinance) =>
    modal.confirm({
      title: t('pledge.confirm.accept', { amount: formatMoney(f.amount), upper: f.amountUppercase }),
      okButtonProps: { 'data-testid': 'accept-ok' },
      onOk: () => accept.mutateAsync(f.financeId).then(() => void message.success(t('pledge.done.accepted'))),
    });
  const confirmWithdraw = (f: PledgeFinance) =>
    modal.confirm({ title: t('pledge.confirm.withdraw'), okButtonProps: { 'data-testid': 'withdraw-ok' }, onOk: () => withdraw.mutateAsync(f.financeId) });

  const actions = (f: PledgeFinance) => {
    const applying = f.financeStatus === '0';
    const running = f.financeStatus === '1' || f.financeStatus === '4';
    return (
      <Space wrap size={4}>
        {applying && f.pledgeStatus === '2' && (
          <>
            <Button size="small" type="primary" data-testid={`accept-${f.financeId}`} onClick={() => confirmAccept(f)}>
              {t('pledge.actions.accept')}
            </Button>
            <Button size="small" data-testid={`decline-${f.financeId}`} onClick={() => setDeclining(f)}>
              {t('pledge.actions.decline')}
            </Button>
          </>
        )}
        {applying && f.pledgeStatus === '1' && (
          <Button size="small" data-testid={`withdraw-${f.financeId}`} onClick={() => confirmWithdraw(f)}>
            {t('pledge.actions.withdraw')}
          </Button>
        )}
        {running && (
          <Button size="small" type="primary" data-testid={`repay-${f.financeId}`} onClick={() => setRepaying(f)}>
            {t('pledge.actions.repay')}
          </Button>
        )}
        {f.disbursedAt && (
          <>
            <Button size="small" data-testid={`bill-${f.financeId}`} onClick={() => setBillOf(f.financeId)}>
              {t('pledge.actions.bill')}
            </Button>
            <Button size="small" data-testid={`contract-${f.financeId}`} onClick={() => void runAction(() => openContract(f.financeId))}>
              {t('pledge.actions.contract')}
            </Button>
          </>
        )}
      </Space>
    );
  };

  return (
    <PledgeCard
      title={t('pledge.menu.myFinancing')}
      extra={
        <Button type="primary" data-testid="pledge-apply" onClick={() => setApplying(true)}>
          {t('pledge.actions.apply')}
        </Button>
      }
    >
      <PagedTable<PledgeFinance>
        section="pledge"
        query={list}
        paging={{ page, setPage }}
        rowKey="financeId"
        columns={[
          ...columns,
          { title: t('pledge.fields.reason'), dataIndex: 'reason', key: 'reason' },
          { title: '', key: 'actions', render: (_: unknown, f: PledgeFinance) => actions(f) },
        ]}
      />
      <ApplyModal open={applying} onClose={() => setApplying(false)} />
      <RepayModal finance={repaying} onClose={() => setRepaying(null)} />
      <DeclineModal finance={declining} onClose={() => setDeclining(null)} />
      <BillDrawer side="borrower" financeId={billOf} onClose={() => setBillOf(null)} />
    </PledgeCard>
  );
}

import { useState } from 'react';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, runAction, useApp } from '@tp/web-kit';
import { Decimal } from '@tp/decimal';
import type { PledgeFinance } from '@tp/contract';
import { useDispose, useFunderOrders, useFunderReject, useQuote } from '../../../api/pledge';
import { BillDrawer } from '../../pledge/myFinancing/MyFinancingPage';
import { PledgeCard, useFinanceColumns, usePledgeRules } from '../../pledge/shared';
import { PagedTable } from '../../components/PagedTable';

interface QuoteForm {
  amount: string;
  referencePrice: string;
  reason?: string;
}

/** The funder values the goods (the platform's reference price, changed only with a reason) and offers an amount. */
function QuoteModal({ finance, onClose }: { finance: PledgeFinance | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const rule = usePledgeRules();
  const [form] = Form.useForm<QuoteForm>();
  const quote = useQuote();
  const price = Form.useWatch('referencePrice', form);
  const changed = finance !== null && !!price && /^\d+(\.\d{1,2})?$/.test(price) && !Decimal.parse(price).eq(finance.referencePrice);
  async function submit() {
    if (!finance) return;
    const values = await form.validateFields();
    await quote.mutateAsync({ financeId: finance.financeId, amount: values.amount, referencePrice: values.referencePrice, reason: values.reason ?? '' });
    void message.success(t('pledge.done.saved'));
    onClose();
  }
  return (
    <Modal open={finance !== null} title={t('pledge.actions.quote')} onCancel={onClose} onOk={() => void runAction(submit)} confirmLoading={quote.isPending} okButtonProps={{ 'data-testid': 'quote-submit' }} destroyOnHidden>
      {finance && (
        <Form form={form} layout="vertical" initialValues={{ referencePrice: finance.referencePrice }}>
          <p>{`${finance.commodityName} · ${finance.quantity} / ${finance.weight}${finance.weightUnit} · ${finance.storageName}`}</p>
          <Form.Item name="referencePrice" label={t('pledge.fields.referencePrice')} rules={rule('referencePrice', 'amount')}>
            <Input data-testid="field-referencePrice" inputMode="decimal" maxLength={16} />
          </Form.Item>
          {changed && (
            <Form.Item name="reason" label={t('pledge.fields.reason')} rules={rule('reason')}>
              <Input.TextArea data-testid="field-reason" maxLength={200} />
            </Form.Item>
          )}
          <Form.Item name="amount" label={t('pledge.fields.amount')} rules={rule('amount', 'amount')}>
            <Input data-testid="field-amount" inputMode="decimal" maxLength={16} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function ReasonModal({ finance, kind, onClose }: { finance: PledgeFinance | null; kind: 'reject' | 'dispose'; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = useApp();
  const rule = usePledgeRules();
  const [form] = Form.useForm<{ reason: string; salePrice?: string }>();
  const reject = useFunderReject();
  const dispose = useDispose();
  async function submit() {
    if (!finance) return;
    const values = await form.validateFields();
    if (kind === 'reject') {
      await reject.mutateAsync({ financeId: finance.financeId, reason: values.reason });
      onClose();
      return;
    }
    modal.confirm({
      title: t('pledge.confirm.dispose', { price: formatMoney(values.salePrice!) }),
      okButtonProps: { 'data-testid': 'dispose-ok' },
      onOk: () => dispose.mutateAsync({ financeId: finance.financeId, salePrice: values.salePrice!, reason: values.reason }).then(onClose),
    });
  }
  return (
    <Modal open={finance !== null} title={t(`pledge.actions.${kind}`)} onCancel={onClose} onOk={() => void runAction(submit)} okButtonProps={{ 'data-testid': `${kind}-submit` }} destroyOnHidden>
      <Form form={form} layout="vertical">
        {kind === 'dispose' && (
          <Form.Item name="salePrice" label={t('pledge.fields.salePrice')} rules={rule('salePrice', 'amount')}>
            <Input data-testid="field-salePrice" inputMode="decimal" maxLength={16} />
          </Form.Item>
        )}
        <Form.Item name="reason" label={t('pledge.fields.reason')} rules={rule('reason')}>
          <Input.TextArea data-testid="field-reason" maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** `/financial/order`: applications to quote or reject, loans to follow, overdue collateral to take. */
export function FinancialOrderPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useFunderOrders({ page, size: 10 });
  const columns = useFinanceColumns('funder');
  const [quoting, setQuoting] = useState<PledgeFinance | null>(null);
  const [rejecting, setRejecting] = useState<PledgeFinance | null>(null);
  const [disposing, setDisposing] = useState<PledgeFinance | null>(null);
  const [billOf, setBillOf] = useState<string | null>(null);
  const actions = (f: PledgeFinance) => (
    <Space wrap size={4}>
      {f.financeStatus === '0' && f.pledgeStatus === '1' && f.warehouseConfirmed && (
        <Button size="small" type="primary" data-testid={`quote-${f.financeId}`} onClick={() => setQuoting(f)}>
          {t('pledge.actions.quote')}
        </Button>
      )}
      {f.financeStatus === '0' && (
        <Button size="small" danger data-testid={`reject-${f.financeId}`} onClick={() => setRejecting(f)}>
          {t('pledge.actions.reject')}
        </Button>
      )}
      {(f.financeStatus === '4' || (f.financeStatus === '1' && f.dueDay !== null && f.dueDay < today())) && f.pledgeStatus !== '14' && (
        <Button size="small" danger data-testid={`dispose-${f.financeId}`} onClick={() => setDisposing(f)}>
          {t('pledge.actions.dispose')}
        </Button>
      )}
      {f.disbursedAt && (
        <Button size="small" data-testid={`bill-${f.financeId}`} onClick={() => setBillOf(f.financeId)}>
          {t('pledge.actions.bill')}
        </Button>
      )}
    </Space>
  );
  return (
    <PledgeCard title={t('pledge.financial.order')}>
      <PagedTable<PledgeFinance>
        section="pledge"
        query={list}
        paging={{ page, setPage }}
        rowKey="financeId"
        columns={[...columns, { title: '', key: 'actions', render: (_: unknown, f: PledgeFinance) => actions(f) }]}
      />
      <QuoteModal finance={quoting} onClose={() => setQuoting(null)} />
      <ReasonModal kind="reject" finance={rejecting} onClose={() => setRejecting(null)} />
      <ReasonModal kind="dispose" finance={disposing} onClose={() => setDisposing(null)} />
      <BillDrawer side="funder" financeId={billOf} onClose={() => setBillOf(null)} />
    </PledgeCard>
  );
}

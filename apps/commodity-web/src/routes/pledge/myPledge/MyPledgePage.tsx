import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, runAction, useApp } from '@tp/web-kit';
import { Decimal, toChineseUppercase } from '@tp/decimal';
import { FinanceStatus, type PledgeFinance } from '@tp/contract';
import { useMyFinances, useSellPledged } from '../../../api/pledge';
import { useCommodityTypes, useHoldings } from '../../../api/warehouse';
import { PledgeCard, StatusTags, usePledgeRules } from '../shared';
import { PagedTable } from '../../components/PagedTable';

interface SellForm {
  quantity: string;
  price: string;
  openTicketDay: number;
}

/** Pledged goods not yet on a listing: what may still be listed. */
const unlisted = (f: PledgeFinance) => Decimal.parse(f.quantity).sub(f.listedQuantity);

/**
 * Lists pledged goods for sale while the loan runs. The server accepts the price only when the
 * proceeds after the fee repay at least the share of the debt the goods secure; the buyer's payment
 * repays the funder first and the rest comes to the firm.
 */
function SellModal({ finance, onClose }: { finance: PledgeFinance | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const rule = usePledgeRules();
  const [form] = Form.useForm<SellForm>();
  const sell = useSellPledged();
  // The pledged holding names its goods; the catalogue gives their ids.
  const frozen = useHoldings({ status: '1', size: 100 }, finance !== null);
  const types = useCommodityTypes();
  const holding = frozen.data?.content.find((h) => h.holdId === finance?.holdId);
  const type = types.data?.find((c) => c.commodityTypeId === finance?.commodityTypeId);
  const grade = type?.grades.find((g) => g.gradeName === holding?.gradeName);
  async function submit() {
    if (!finance || !grade) return;
    const values = await form.validateFields();
    const amount = Decimal.parse(values.price).mul(values.quantity).truncate(2).toFixed(2);
    modal.confirm({
      title: t('pledge.confirm.sell', { quantity: values.quantity, amount: formatMoney(amount), upper: toChineseUppercase(amount), payoff: formatMoney(finance.payoff) }),
      okButtonProps: { 'data-testid': 'sell-ok' },
      onOk: () =>
        sell
          .mutateAsync({
            financeId: finance.financeId,
            holdId: finance.holdId,
            commodityTypeId: finance.commodityTypeId,
            gradeId: grade.gradeId,
            price: values.price,
            quantity: values.quantity,
            weight: finance.weight,
            openTicketDay: values.openTicketDay,
          })
          .then(() => {
            void message.success(t('pledge.done.listed'));
            form.resetFields();
            onClose();
          }),
    });
  }
  return (
    <Modal
      open={finance !== null}
      title={t('pledge.actions.sell')}
      onCancel={onClose}
      onOk={() => void runAction(submit)}
      confirmLoading={sell.isPending}
      okButtonProps={{ 'data-testid': 'sell-submit', disabled: !grade }}
      destroyOnHidden
    >
      {finance && (
        <Alert
          type="info"
          showIcon
          data-testid="sell-rule"
          title={t('pledge.hints.sellRule', { payoff: formatMoney(finance.payoff), quantity: unlisted(finance).toFixed(3) })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" initialValues={{ openTicketDay: 3 }}>
        <Form.Item name="quantity" label={t('pledge.fields.quantity')} rules={rule('quantity', 'quantity')} extra={finance ? `≤ ${unlisted(finance).toFixed(3)}` : undefined}>
          <Input data-testid="field-sellQuantity" inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="price" label={t('pledge.fields.listPrice')} rules={rule('listPrice', 'amount')}>
          <Input data-testid="field-listPrice" inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="openTicketDay" label={t('pledge.fields.openTicketDay')} rules={[{ required: true, message: t('pledge.rules.required', { field: t('pledge.fields.openTicketDay') }) }]}>
          <InputNumber data-testid="field-openTicketDay" min={1} max={90} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `/sellerCenter/sales/myPledge`: the goods the firm has pledged, where they are, what is listed or sold, and each pledge's state. */
export function MyPledgePage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [selling, setSelling] = useState<PledgeFinance | null>(null);
  const list = useMyFinances({ page, size: 10 });
  return (
    <PledgeCard title={t('pledge.menu.myPledge')}>
      <PagedTable<PledgeFinance>
        section="pledge"
        query={list}
        paging={{ page, setPage }}
        rowKey="financeId"
        columns={[
          { title: t('pledge.fields.financeId'), dataIndex: 'financeId' },
          { title: t('pledge.fields.holdId'), dataIndex: 'holdId' },
          { title: t('pledge.fields.commodityName'), dataIndex: 'commodityName' },
          { title: t('pledge.fields.storageName'), dataIndex: 'storageName' },
          { title: t('pledge.fields.quantity'), dataIndex: 'quantity' },
          { title: t('pledge.fields.weight'), key: 'weight', render: (_: unknown, f: PledgeFinance) => `${f.weight}${f.weightUnit}` },
          { title: t('pledge.fields.listedQuantity'), key: 'listed', render: (_: unknown, f: PledgeFinance) => <span data-testid={`listed-${f.financeId}`}>{f.listedQuantity}</span> },
          {
            title: t('pledge.fields.soldQuantity'),
            key: 'sold',
            render: (_: unknown, f: PledgeFinance) => <span data-testid={`sold-${f.financeId}`}>{`${f.soldQuantity} / ${f.soldWeight}${f.weightUnit}`}</span>,
          },
          { title: t('pledge.fields.factorId'), dataIndex: 'funderName' },
          { title: t('pledge.fields.payoff'), dataIndex: 'payoff', render: (v: string) => formatMoney(v) },
          { title: t('pledge.fields.pledgeStatus'), key: 'status', render: (_: unknown, f: PledgeFinance) => <StatusTags finance={f} /> },
          { title: t('pledge.fields.marginCallDeadline'), dataIndex: 'marginCallDeadline', render: (v: string | null) => (v ? new Date(v).toLocaleString() : '—') },
          {
            title: t('pledge.fields.actions'),
            key: 'actions',
            render: (_: unknown, f: PledgeFinance) =>
              f.financeStatus === FinanceStatus.financing && unlisted(f).isPositive() ? (
                <Button size="small" data-testid={`sell-${f.financeId}`} onClick={() => setSelling(f)}>
                  {t('pledge.actions.sell')}
                </Button>
              ) : null,
          },
        ]}
      />
      <SellModal finance={selling} onClose={() => setSelling(null)} />
    </PledgeCard>
  );
}

import { useRef, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Result, Select, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toChineseUppercase } from '@tp/decimal';
import { QueryStates, applyFieldErrors, useApp, useSession } from '@tp/web-kit';
import type { BankChannelId, FundDealflag, TransferRecord } from '@tp/contract';
import { useCapitalInfo, useMoveFunds, usePaymentPasswords, useTransfers } from '../../../api/bank';
import { paths } from '../../../paths';
import { exceeds, formatMoney, newRequestId } from '../amount';
import { AmountInput, useCapitalRules } from './fields';
import { SectionCard } from '../../../layout/SectionPage';
import { CAPITAL_QUERY } from './queryStates';
import { PayStatusTag } from './status';

interface FundValues {
  bankId: BankChannelId;
  amount: string;
  pwd: string;
}

/**
 * Fund in (1) or fund out (2) through a signed bank: amount and fund password, a confirmation
 * showing the amount, then the transfer's live state until the bank answers.
 */
export function FundForm({ fundDealflag }: { fundDealflag: FundDealflag }) {
  const { t } = useTranslation();
  const { modal } = useApp();
  const { hasRight } = useSession();
  const rules = useCapitalRules();
  const info = useCapitalInfo();
  const passwords = usePaymentPasswords();
  const move = useMoveFunds();
  const [form] = Form.useForm<FundValues>();
  const [sent, setSent] = useState<TransferRecord | null>(null);
  // One id per intended transfer: a double click or a retry after a lost answer moves money once.
  const requestId = useRef(newRequestId());
  const title = t(fundDealflag === '1' ? 'capital.menu.deposit' : 'capital.menu.withdraw');
  const right = fundDealflag === '1' ? 'capital.deposit' : 'capital.withdraw';

  if (!hasRight(right)) return <SectionCard title={title}><Alert type="warning" showIcon title={t('capital.noRight')} /></SectionCard>;
  const signed = (info.data?.signs ?? []).filter((s) => s.status === '1');
  const available = info.data?.balance.available ?? '0';

  async function submit(values: FundValues) {
    if (fundDealflag === '2' && exceeds(values.amount, available)) {
      form.setFields([{ name: 'amount', errors: [t('capital.rule.overAvailable', { label: t('capital.field.amount') })] }]);
      return;
    }
    const bankName = signed.find((s) => s.bankId === values.bankId)?.bankName ?? values.bankId;
    modal.confirm({
      title: t(fundDealflag === '1' ? 'capital.confirmDeposit' : 'capital.confirmWithdraw'),
      content: (
        <div data-testid="confirm-amount">
          <p>{t('capital.confirmAmount', { amount: formatMoney(values.amount) })}</p>
          <p>{t('capital.confirmUppercase', { amount: toChineseUppercase(values.amount) })}</p>
          <p>{t('capital.confirmBank', { bank: bankName })}</p>
        </div>
      ),
      okButtonProps: { 'data-testid': 'confirm-ok' } as Record<string, string>,
      onOk: async () => {
        try {
          const transfer = await move.mutateAsync({ bankId: values.bankId, fundDealflag, amount: values.amount, pwd: values.pwd, requestId: requestId.current });
          requestId.current = newRequestId();
          form.resetFields(['amount', 'pwd']);
          setSent(transfer);
        } catch (error) {
          applyFieldErrors(form, error);
        }
      },
    });
  }

  return (
    <SectionCard title={title}>
      <QueryStates {...CAPITAL_QUERY} query={{ isPending: info.isPending || passwords.isPending, isError: info.isError || passwords.isError, refetch: () => (void info.refetch(), void passwords.refetch()) }}>
        {sent ? (
          <SentResult transfer={sent} onAgain={() => setSent(null)} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {passwords.data?.fund === false && (
              <Alert type="warning" showIcon title={t('capital.needFundPassword')} action={<Link to={paths.capitalSetPwd}>{t('capital.menu.setPwd')}</Link>} />
            )}
            {signed.length === 0 && <Alert type="warning" showIcon title={t('capital.noSign')} action={<Link to={paths.capitalSign}>{t('capital.menu.sign')}</Link>} />}
            <Descriptions size="small" column={1} items={[{ key: 'available', label: t('capital.balance.available'), children: <span data-testid="form-available">¥{formatMoney(available)}</span> }]} />
            <Form<FundValues>
              form={form}
              layout="vertical"
              style={{ maxWidth: 420 }}
              requiredMark={false}
              initialValues={{ bankId: signed[0]?.bankId }}
              onFinish={(values) => void submit(values)}
              disabled={signed.length === 0}
            >
              <Form.Item name="bankId" label={t('capital.field.bank')} rules={[rules.required(t('capital.field.bank'))]}>
                <Select data-testid="field-bankId" options={signed.map((s) => ({ value: s.bankId, label: `${s.bankName} (${s.bankAccount})` }))} />
              </Form.Item>
              <Form.Item name="amount" label={t('capital.field.amount')} rules={rules.amount(t('capital.field.amount'))} extra={t('capital.hint.amount')}>
                <AmountInput testId="field-amount" />
              </Form.Item>
              <Form.Item name="pwd" label={t('capital.field.pwd')} rules={rules.paymentPassword(t('capital.field.pwd'))}>
                <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" data-testid="field-pwd" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={move.isPending} data-testid="fund-submit">
                {title}
              </Button>
            </Form>
          </Space>
        )}
      </QueryStates>
    </SectionCard>
  );
}

/** The transfer just asked for, watched until the bank answers (live push, with polling as a fallback). */
function SentResult({ transfer, onAgain }: { transfer: TransferRecord; onAgain: () => void }) {
  const { t } = useTranslation();
  const list = useTransfers({ page: 0, size: 20, bankId: transfer.bankId as BankChannelId });
  const current = list.data?.content.find((r) => r.id === transfer.id) ?? transfer;
  const status = current.status;
  return (
    <Result
      status={status === '1' ? 'success' : status === '2' ? 'error' : 'info'}
      title={
        <Space>
          {t(`capital.dealflag.f${current.fundDealflag}`)} ¥{formatMoney(current.amount)}
          <PayStatusTag status={status} testId="sent-status" />
        </Space>
      }
      subTitle={status === '0' ? t('capital.waitingBank') : current.reason || undefined}
      extra={[
        <Button key="again" onClick={onAgain} data-testid="fund-again">
          {t('capital.again')}
        </Button>,
        <Link key="info" to={paths.capitalInfo}>
          <Button type="primary">{t('capital.menu.info')}</Button>
        </Link>,
      ]}
    />
  );
}

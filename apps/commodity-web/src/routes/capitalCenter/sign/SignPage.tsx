import { useState } from 'react';
import { Alert, App, Button, Form, Result, Select, Space } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryStates, applyFieldErrors, useSession } from '@tp/web-kit';
import type { BankAccountFields, BankChannelId, SignRecord } from '@tp/contract';
import { useBankList, useSign, useSignList } from '../../../api/bank';
import { paths } from '../../../paths';
import { BankAccountItems } from '../components/BankAccountItems';
import { useCapitalRules } from '../components/fields';
import { SectionCard } from '../../../layout/SectionPage';
import { CAPITAL_QUERY } from '../components/queryStates';
import { SignStatusTag } from '../components/status';

type SignValues = BankAccountFields & { bankId: BankChannelId };

/** `/capitalCenter/sign`: binds the fund account to a bank account on a channel; the bank confirms it. */
export function SignPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { hasRight } = useSession();
  const rules = useCapitalRules();
  const [params] = useSearchParams();
  const banks = useBankList();
  const signs = useSignList();
  const sign = useSign();
  const [form] = Form.useForm<SignValues>();
  const [sent, setSent] = useState<SignRecord | null>(null);
  const bankId = Form.useWatch('bankId', form);

  if (!hasRight('capital.sign')) return <SectionCard title={t('capital.menu.sign')}><Alert type="warning" showIcon title={t('capital.noRight')} /></SectionCard>;
  const live = (signs.data ?? []).find((s) => s.bankId === bankId && s.status !== '2');
  const current = sent ? (signs.data ?? []).find((s) => s.infoId === sent.infoId) ?? sent : null;

  async function onFinish(values: SignValues) {
    try {
      const record = await sign.mutateAsync(values);
      void message.success(t('capital.signSent'));
      setSent(record);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <SectionCard title={t('capital.menu.sign')}>
      <QueryStates {...CAPITAL_QUERY} query={{ isPending: banks.isPending || signs.isPending, isError: banks.isError || signs.isError, refetch: () => (void banks.refetch(), void signs.refetch()) }}>
        {current ? (
          <Result
            status={current.status === '1' ? 'success' : current.status === '3' ? 'info' : 'warning'}
            title={
              <Space>
                {current.bankName} <SignStatusTag status={current.status} testId="sign-result-status" />
              </Space>
            }
            subTitle={current.status === '3' ? t('capital.waitingBank') : current.reason || undefined}
            extra={
              <Link to={current.bankId === 'icbc' ? paths.capitalSignListIcbc : paths.capitalSignList}>
                <Button type="primary">{t(current.bankId === 'icbc' ? 'capital.menu.signListIcbc' : 'capital.menu.signList')}</Button>
              </Link>
            }
          />
        ) : (
          <Form<SignValues>
            form={form}
            layout="vertical"
            style={{ maxWidth: 480 }}
            requiredMark={false}
            initialValues={{ bankId: (params.get('bankId') as BankChannelId | null) ?? banks.data?.[0]?.bankId }}
            onFinish={(values) => void onFinish(values)}
          >
            <Form.Item name="bankId" label={t('capital.field.channel')} rules={[rules.required(t('capital.field.channel'))]}>
              <Select data-testid="field-channel" options={(banks.data ?? []).map((b) => ({ value: b.bankId, label: b.bankName }))} />
            </Form.Item>
            {bankId === 'icbc' && !live && (
              <Alert style={{ marginBottom: 16 }} type="warning" showIcon title={t('capital.icbc.noDocument')} action={<Link to={paths.createDocumentIcbc}>{t('capital.menu.createDocument')}</Link>} />
            )}
            {live && live.status !== '0' && (
              <Alert style={{ marginBottom: 16 }} type="info" showIcon title={<Space>{t('capital.alreadySigned')} <SignStatusTag status={live.status} /></Space>} />
            )}
            <BankAccountItems />
            <Button type="primary" htmlType="submit" loading={sign.isPending} disabled={Boolean(live && live.status !== '0')} data-testid="sign-submit">
              {t('capital.signSubmit')}
            </Button>
          </Form>
        )}
      </QueryStates>
    </SectionCard>
  );
}

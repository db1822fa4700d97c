import { Alert, Button, Form, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryStates, useApp, useSession } from '@tp/web-kit';
import { useSignList, useSignOut } from '../../../api/bank';
import { useCapitalRules } from '../components/fields';
import { SectionCard } from '../../../layout/SectionPage';
import { CAPITAL_QUERY } from '../components/queryStates';
import { SignTable } from '../components/SignTable';

/** `/capitalCenter/unsign`: signs out of a bank (解约) after a confirmation; the bank confirms it. */
export function UnsignPage() {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const { hasRight } = useSession();
  const rules = useCapitalRules();
  const [params] = useSearchParams();
  const signs = useSignList();
  const signOut = useSignOut();
  const [form] = Form.useForm<{ infoId: string }>();
  if (!hasRight('capital.sign')) return <SectionCard title={t('capital.menu.unsign')}><Alert type="warning" showIcon title={t('capital.noRight')} /></SectionCard>;
  const signed = (signs.data ?? []).filter((s) => s.status === '1');
  const pending = (signs.data ?? []).filter((s) => s.status === '3');

  function onFinish({ infoId }: { infoId: string }) {
    const sign = signed.find((s) => s.infoId === infoId);
    modal.confirm({
      title: t('capital.confirmUnsign'),
      content: sign ? `${sign.bankName} ${sign.bankAccount}` : '',
      okButtonProps: { danger: true },
      onOk: async () => {
        await signOut.mutateAsync(infoId);
        void message.success(t('capital.signSent'));
        form.resetFields();
      },
    });
  }

  return (
    <SectionCard title={t('capital.menu.unsign')}>
      <QueryStates {...CAPITAL_QUERY} query={signs}>
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('capital.unsignHint')} />
        <Form form={form} layout="inline" initialValues={{ infoId: params.get('infoId') ?? undefined }} onFinish={onFinish} disabled={signed.length === 0}>
          <Form.Item name="infoId" label={t('capital.field.bank')} rules={[rules.required(t('capital.field.bank'))]}>
            <Select style={{ minWidth: 280 }} data-testid="field-unsign" options={signed.map((s) => ({ value: s.infoId, label: `${s.bankName} (${s.bankAccount})` }))} />
          </Form.Item>
          <Button danger htmlType="submit" loading={signOut.isPending} data-testid="unsign-submit">
            {t('capital.menu.unsign')}
          </Button>
        </Form>
        {pending.length > 0 && (
          <div style={{ marginTop: 16 }}>
            <SignTable signs={pending} testId="sign-table-pending" />
          </div>
        )}
      </QueryStates>
    </SectionCard>
  );
}

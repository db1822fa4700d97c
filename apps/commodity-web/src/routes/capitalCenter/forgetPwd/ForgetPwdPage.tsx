import { App, Button, Descriptions, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton, applyFieldErrors, maskMobile, useSecondFactorAsk, useSession } from '@tp/web-kit';
import type { PaymentPasswordKind } from '@tp/contract';
import { loadCaptcha, sendCode } from '../../../api/identity';
import { useResetPaymentPassword } from '../../../api/bank';
import { useCapitalRules } from '../components/fields';
import { SectionCard } from '../../../layout/SectionPage';
import { NewPasswordItems, PasswordKindItem } from '../components/PasswordKind';

interface ResetValues {
  kind: PaymentPasswordKind;
  code: string;
  password: string;
  confirm: string;
  totpCode?: string;
}

/** `/capitalCenter/forgetPwd`: resets the fund or margin password with an SMS code to the account's own phone. */
export function ForgetPwdPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { session } = useSession();
  const rules = useCapitalRules();
  const reset = useResetPaymentPassword();
  const [form] = Form.useForm<ResetValues>();
  const secondFactor = useSecondFactorAsk();
  const account = session?.tel ?? '';

  async function onFinish(values: ResetValues) {
    try {
      await reset.mutateAsync({ kind: values.kind, account, code: values.code.trim(), password: values.password, ...secondFactor.valueOf(values) });
      void message.success(t('capital.pwd.resetDone'));
      form.resetFields(['code', 'password', 'confirm', 'totpCode']);
    } catch (error) {
      if (!secondFactor.catchRefusal(error)) applyFieldErrors(form, error);
    }
  }

  return (
    <SectionCard title={t('capital.menu.forgetPwd')}>
      <Descriptions size="small" column={1} items={[{ key: 'phone', label: t('capital.field.phone'), children: account ? maskMobile(account) : '-' }]} />
      <Form<ResetValues> form={form} layout="vertical" style={{ maxWidth: 420 }} requiredMark={false} initialValues={{ kind: 'fund' }} onFinish={(v) => void onFinish(v)}>
        <PasswordKindItem />
        <Form.Item label={t('capital.field.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={rules.code(t('capital.field.code'))}>
              <Input autoComplete="one-time-code" maxLength={8} data-testid="field-code" />
            </Form.Item>
            <SendCodeButton data-testid="send-code" disabled={!account} loadCaptcha={loadCaptcha} send={(captcha) => sendCode({ account, purpose: 'fundPassword', ...captcha })} />
          </Space.Compact>
        </Form.Item>
        <NewPasswordItems />
        {secondFactor.item}
        <Button type="primary" htmlType="submit" loading={reset.isPending}>
          {t('capital.pwd.submitReset')}
        </Button>
      </Form>
    </SectionCard>
  );
}

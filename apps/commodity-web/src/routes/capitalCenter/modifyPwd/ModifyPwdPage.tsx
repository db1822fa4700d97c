import { App, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, useSecondFactorAsk } from '@tp/web-kit';
import type { PaymentPasswordKind } from '@tp/contract';
import { useUpdatePaymentPassword } from '../../../api/bank';
import { paths } from '../../../paths';
import { useCapitalRules } from '../components/fields';
import { SectionCard } from '../../../layout/SectionPage';
import { NewPasswordItems, PasswordKindItem } from '../components/PasswordKind';

interface ModifyValues {
  kind: PaymentPasswordKind;
  oldPassword: string;
  password: string;
  confirm: string;
  totpCode?: string;
}

/** `/capitalCenter/modifyPwd`: changes the fund or margin password with the current one (and the two-factor code when it is on). */
export function ModifyPwdPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useCapitalRules();
  const update = useUpdatePaymentPassword();
  const [form] = Form.useForm<ModifyValues>();
  const secondFactor = useSecondFactorAsk();

  async function onFinish(values: ModifyValues) {
    try {
      await update.mutateAsync({ kind: values.kind, oldPassword: values.oldPassword, password: values.password, ...secondFactor.valueOf(values) });
      void message.success(t('capital.pwd.changed'));
      form.resetFields(['oldPassword', 'password', 'confirm', 'totpCode']);
    } catch (error) {
      if (!secondFactor.catchRefusal(error)) applyFieldErrors(form, error);
    }
  }

  return (
    <SectionCard title={t('capital.menu.modifyPwd')} extra={<Link to={paths.capitalForgetPwd}>{t('capital.menu.forgetPwd')}</Link>}>
      <Form<ModifyValues> form={form} layout="vertical" style={{ maxWidth: 420 }} requiredMark={false} initialValues={{ kind: 'fund' }} onFinish={(v) => void onFinish(v)}>
        <PasswordKindItem />
        <Form.Item name="oldPassword" label={t('capital.field.oldPwd')} rules={rules.paymentPassword(t('capital.field.oldPwd'))}>
          <Input.Password maxLength={6} inputMode="numeric" autoComplete="current-password" />
        </Form.Item>
        <NewPasswordItems />
        {secondFactor.item}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('capital.pwd.submitChange')}
        </Button>
      </Form>
    </SectionCard>
  );
}

import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCapitalRules } from './fields';

/** Which payment password a form is about: the fund password or the margin password. */
export function PasswordKindItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="kind" label={t('capital.field.passwordKind')}>
      <Radio.Group
        optionType="button"
        data-testid="field-kind"
        options={[
          { value: 'fund', label: t('capital.pwd.fund') },
          { value: 'margin', label: t('capital.pwd.margin') },
        ]}
      />
    </Form.Item>
  );
}

/** The new six-digit password and its confirmation, as the set, change and reset forms ask them. */
export function NewPasswordItems() {
  const { t } = useTranslation();
  const rules = useCapitalRules();
  return (
    <>
      <Form.Item name="password" label={t('capital.field.newPwd')} rules={rules.paymentPassword(t('capital.field.newPwd'))} extra={t('capital.hint.pwd')}>
        <Input.Password maxLength={6} inputMode="numeric" autoComplete="new-password" data-testid="field-password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('capital.field.confirmPwd')} dependencies={['password']} rules={rules.sameAs('password', t('capital.field.confirmPwd'), t('capital.field.newPwd'))}>
        <Input.Password maxLength={6} inputMode="numeric" autoComplete="new-password" data-testid="field-confirm" />
      </Form.Item>
    </>
  );
}

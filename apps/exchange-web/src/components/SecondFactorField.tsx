import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSecondFactorRules } from '@tp/web-kit';
import { useSecurityStatus } from '../api/security';

/**
 * The authenticator code a guarded action (withdrawal, API key, security settings) sends as
 * `totpCode`, asked only of a user who turned two-factor authentication on.
 */
export function SecondFactorField({ name = 'totpCode' }: { name?: string }) {
  const { t } = useTranslation();
  const label = t('security.twoFactor.code');
  const rules = useSecondFactorRules(label);
  const status = useSecurityStatus();
  if (!status.data?.twoFactor) return null;
  return (
    <Form.Item name={name} label={label} extra={t('security.twoFactor.codeHelp')} rules={rules}>
      <Input inputMode="numeric" maxLength={9} autoComplete="one-time-code" data-testid="second-factor-code" />
    </Form.Item>
  );
}

/** The field's value as a request carries it: absent when empty. */
export const secondFactorOf = (value: string | undefined): { totpCode?: string } => (value?.trim() ? { totpCode: value.trim() } : {});

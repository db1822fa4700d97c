import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { RECOVERY_CODE_RE, TOTP_CODE_RE } from '@tp/contract';
import { useFormRules } from '@tp/web-kit';
import { useSecurityStatus } from '../api/security';

/** A required authenticator code: six digits, or a recovery code in its place. */
export function useSecondFactorRules(label: string): FormRule[] {
  const { t } = useTranslation();
  const rules = useFormRules();
  return [
    rules.required(label),
    {
      validator: (_, value: string | undefined) => {
        const text = (value ?? '').trim();
        return !text || TOTP_CODE_RE.test(text) || RECOVERY_CODE_RE.test(text) ? Promise.resolve() : Promise.reject(new Error(t('security.twoFactor.codeRule')));
      },
    },
  ];
}

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

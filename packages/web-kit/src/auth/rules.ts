import type { FormRule } from 'antd';
import { EMAIL_RE, MOBILE_RE, PASSWORD_RE } from '@tp/contract';
import { useKitTranslation } from '../i18n/useKitTranslation';

/**
 * Form rules with the server's own patterns (from @tp/contract), so a form refuses what the
 * server would refuse, with messages that name the field in the current language.
 */
export function useFormRules() {
  const { t } = useKitTranslation();
  return {
    required: (label: string): FormRule => ({ required: true, whitespace: true, message: t('rule.required', { label }) }),
    mobile: (label: string): FormRule[] => [
      { required: true, whitespace: true, message: t('rule.required', { label }) },
      { pattern: MOBILE_RE, message: t('rule.mobile', { label }) },
    ],
    email: (label: string): FormRule[] => [
      { required: true, whitespace: true, message: t('rule.required', { label }) },
      { pattern: EMAIL_RE, message: t('rule.email', { label }) },
    ],
    /** A login account that can receive a code: mobile number or e-mail address. */
    account: (label: string): FormRule[] => [
      { required: true, whitespace: true, message: t('rule.required', { label }) },
      {
        validator: (_, value: unknown) =>
          typeof value !== 'string' || !value || MOBILE_RE.test(value) || EMAIL_RE.test(value)
            ? Promise.resolve()
            : Promise.reject(new Error(t('rule.account', { label }))),
      },
    ],
    newPassword: (label: string): FormRule[] => [
      { required: true, message: t('rule.required', { label }) },
      { pattern: PASSWORD_RE, message: t('rule.password', { label }) },
    ],
    /**
     * A confirmation that must equal `field` (labelled `fieldLabel`); give the item
     * `dependencies={[field]}` so it is re-checked when that field changes.
     */
    sameAs: (field: string, label: string, fieldLabel: string): FormRule[] => [
      { required: true, message: t('rule.required', { label }) },
      ({ getFieldValue }) => ({
        validator: (_: unknown, value: unknown) =>
          !value || getFieldValue(field) === value
            ? Promise.resolve()
            : Promise.reject(new Error(t('rule.confirm', { label: fieldLabel }))),
      }),
    ],
    code: (label: string): FormRule[] => [
      { required: true, whitespace: true, message: t('rule.required', { label }) },
      { min: 4, max: 8, message: t('rule.code', { label }) },
    ],
    accepted: (label: string): FormRule => ({
      validator: (_, value: unknown) => (value === true ? Promise.resolve() : Promise.reject(new Error(t('rule.accept', { label })))),
    }),
  };
}

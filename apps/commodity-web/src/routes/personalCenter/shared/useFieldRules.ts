import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules } from '@tp/web-kit';

/** Rules with the server's limits, whose messages name the field in the user's language. */
export function useFieldRules() {
  const { t } = useTranslation();
  const kit = useFormRules();
  return {
    required: kit.required,
    mobile: kit.mobile,
    text: (label: string, min: number, max: number): FormRule[] => [
      kit.required(label),
      { min, max, message: t('enterprise.common.length', { label, min, max }) },
    ],
    pattern: (label: string, pattern: RegExp, required = true): FormRule[] => [
      ...(required ? [kit.required(label)] : []),
      { pattern, message: t('enterprise.common.format', { label }) },
    ],
    choose: (label: string): FormRule => ({ required: true, message: t('enterprise.common.chooseOne', { label }) }),
  };
}

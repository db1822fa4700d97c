import type { ChangeEvent } from 'react';
import { Input, type FormRule } from 'antd';
import { PAYMENT_PASSWORD_RE } from '@tp/contract';
import { useTranslation } from 'react-i18next';
import { useFormRules } from '@tp/web-kit';
import { isPayableAmount, truncateAmountInput } from '../amount';

/** An amount box that keeps at most two decimals as the user types (truncating, never rounding). */
export function AmountInput({ value, onChange, testId }: { value?: string; onChange?: (value: string) => void; testId?: string }) {
  return (
    <Input
      value={value}
      inputMode="decimal"
      prefix="¥"
      maxLength={16}
      data-testid={testId}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(truncateAmountInput(event.target.value))}
    />
  );
}

/** The same rules the server applies, with messages naming the field. */
export function useCapitalRules() {
  const { t } = useTranslation();
  const rules = useFormRules();
  return {
    required: rules.required,
    amount: (label: string): FormRule[] => [
      rules.required(label),
      { validator: (_, value: unknown) => (typeof value !== 'string' || !value || isPayableAmount(value) ? Promise.resolve() : Promise.reject(new Error(t('capital.rule.amount', { label })))) },
    ],
    paymentPassword: (label: string): FormRule[] => [rules.required(label), { pattern: PAYMENT_PASSWORD_RE, message: t('capital.rule.paymentPassword', { label }) }],
    pattern: (label: string, pattern: RegExp): FormRule[] => [rules.required(label), { pattern, message: t('capital.rule.format', { label }) }],
    length: (label: string, min: number, max: number): FormRule[] => [rules.required(label), { min, max, message: t('capital.rule.length', { label, min, max }) }],
    sameAs: rules.sameAs,
    code: rules.code,
  };
}

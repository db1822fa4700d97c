import { SectionCard, pagination } from '../../layout/SectionPage';
import { useTranslation } from 'react-i18next';
import { WAREHOUSE_AMOUNT3_PATTERN, WAREHOUSE_PHONE_PATTERN } from '@tp/contract';

export const WarehouseCard = SectionCard;

/** Antd form rules with messages that name the field. */
export function useRules() {
  const { t } = useTranslation();
  return (field: string, kind: 'required' | 'amount3' | 'phone' = 'required') => {
    const label = t(`warehouse.fields.${field}` as 'warehouse.fields.batch');
    const rules: object[] = [{ required: true, whitespace: true, message: t('warehouse.rules.required', { field: label }) }];
    if (kind === 'amount3') rules.push({ pattern: WAREHOUSE_AMOUNT3_PATTERN, message: t('warehouse.rules.amount3', { field: label }) }, { validator: (_: unknown, v: string) => (v && /^0(\.0*)?$/.test(v) ? Promise.reject(new Error(t('warehouse.rules.amount3', { field: label }))) : Promise.resolve()) });
    if (kind === 'phone') rules.push({ pattern: WAREHOUSE_PHONE_PATTERN, message: t('warehouse.rules.phone', { field: label }) });
    return rules;
  };
}

export { pagination };

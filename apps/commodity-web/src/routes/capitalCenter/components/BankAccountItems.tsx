import { AutoComplete, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllBankList } from '../../../api/bank';
import { useCapitalRules } from './fields';
import { BANK_ACCOUNT_PATTERN, OPEN_BANK_NUM_PATTERN } from '@tp/contract';

/** The spec's bank fields (bankAccount, bankAccountName, openBankName, openBankNum), checked as the server checks them. */
export function BankAccountItems() {
  const { t } = useTranslation();
  const rules = useCapitalRules();
  const banks = useAllBankList();
  return (
    <>
      <Form.Item name="bankAccountName" label={t('capital.field.bankAccountName')} rules={rules.length(t('capital.field.bankAccountName'), 2, 60)}>
        <Input maxLength={60} data-testid="field-bankAccountName" />
      </Form.Item>
      <Form.Item name="bankAccount" label={t('capital.field.bankAccount')} rules={rules.pattern(t('capital.field.bankAccount'), BANK_ACCOUNT_PATTERN)} extra={t('capital.hint.bankAccount')}>
        <Input maxLength={30} inputMode="numeric" data-testid="field-bankAccount" />
      </Form.Item>
      <Form.Item name="openBankName" label={t('capital.field.openBankName')} rules={rules.length(t('capital.field.openBankName'), 2, 60)}>
        <AutoComplete options={(banks.data ?? []).map((b) => ({ value: b.bankName }))} maxLength={60} data-testid="field-openBankName" />
      </Form.Item>
      <Form.Item name="openBankNum" label={t('capital.field.openBankNum')} rules={rules.pattern(t('capital.field.openBankNum'), OPEN_BANK_NUM_PATTERN)} extra={t('capital.hint.openBankNum')}>
        <Input maxLength={12} inputMode="numeric" data-testid="field-openBankNum" />
      </Form.Item>
    </>
  );
}

import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordSection } from './PasswordSection';
import { PhoneSection } from './PhoneSection';

/** `/personalCenter/accountSafe`: the login password and the bound mobile number. */
export function AccountSafePage() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <Card title={<h1 className="result-heading" data-testid="page-heading">{t('personal.accountSafe')}</h1>}>
        <PasswordSection />
      </Card>
      <Card title={t('personal.safe.changePhone')}>
        <PhoneSection />
      </Card>
    </Space>
  );
}

import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntiPhishingCard } from './AntiPhishingCard';
import { FundPasswordCard } from './FundPasswordCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** `/user/security`: two-factor authentication, the anti-phishing code, the fund password and the signed-in devices. */
export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <h1 className="ex-heading" data-testid="page-heading">
          {t('security.title')}
        </h1>
      </Card>
      <TwoFactorCard />
      <AntiPhishingCard />
      <FundPasswordCard />
      <SessionsCard />
    </Space>
  );
}

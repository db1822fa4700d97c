import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWalletLive } from '../../../api/wallet';
import { DepositTable, WithdrawalTable } from '../components/RecordTables';

/** `/assets/records`: deposit and withdrawal records, kept current by the user's live topic. */
export function RecordsPage() {
  const { t } = useTranslation();
  useWalletLive();
  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('wallet.records')}</h1>}>
      <Tabs
        items={[
          { key: 'deposits', label: t('wallet.depositRecords'), children: <DepositTable /> },
          { key: 'withdrawals', label: t('wallet.withdrawalRecords'), children: <WithdrawalTable /> },
        ]}
      />
    </Card>
  );
}

import { Alert, Descriptions, Space, Tabs } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryStates, useSession } from '@tp/web-kit';
import { useCapitalInfo } from '../../../api/bank';
import { paths } from '../../../paths';
import { formatMoney } from '../amount';
import { BalanceCards } from '../components/BalanceCards';
import { FlowTable } from '../components/FlowTable';
import { SectionCard } from '../../../layout/SectionPage';
import { CAPITAL_QUERY } from '../components/queryStates';
import { PayStatusTag, SignStatusTag } from '../components/status';
import { TransferTable } from '../components/TransferTable';

/** `/capitalCenter/info`: the fund account, the bank signs, what is still paying, and the flows. */
export function InfoPage() {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const info = useCapitalInfo();
  if (!hasRight('capital.view')) return <Alert type="warning" showIcon title={t('capital.noRight')} />;
  return (
    <SectionCard title={t('capital.menu.info')}>
      <QueryStates {...CAPITAL_QUERY} query={info}>
        {info.data && (
          <Space orientation="vertical" size={24} style={{ width: '100%' }}>
            <BalanceCards balance={info.data.balance} />
            {info.data.signs.length === 0 ? (
              <Alert type="info" showIcon title={t('capital.noSign')} action={<Link to={paths.capitalSign}>{t('capital.menu.sign')}</Link>} />
            ) : (
              <Descriptions
                bordered
                size="small"
                column={1}
                items={info.data.signs.map((sign) => ({
                  key: sign.infoId,
                  label: sign.bankName,
                  children: (
                    <Space>
                      <SignStatusTag status={sign.status} testId={`info-sign-${sign.bankId}`} />
                      <span>{sign.bankAccount}</span>
                    </Space>
                  ),
                }))}
              />
            )}
            {info.data.paying.length > 0 && (
              <Alert
                type="info"
                showIcon
                data-testid="paying-alert"
                title={t('capital.payingTitle')}
                description={info.data.paying.map((p) => (
                  <div key={p.id}>
                    {t(`capital.dealflag.f${p.fundDealflag}`)} ¥{formatMoney(p.amount)} <PayStatusTag status={p.status} testId={`paying-${p.id}`} />
                  </div>
                ))}
              />
            )}
            <Tabs
              items={[
                { key: 'available', label: t('capital.flow.account'), children: <FlowTable kind="available" /> },
                { key: 'frozen', label: t('capital.flow.frozen'), children: <FlowTable kind="frozen" /> },
                { key: 'transfers', label: t('capital.flow.transfers'), children: <TransferTable /> },
              ]}
            />
          </Space>
        )}
      </QueryStates>
    </SectionCard>
  );
}

import { Alert, Button, Descriptions, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIcbcInfo } from '../../../api/bank';
import { paths } from '../../../paths';
import { BalanceCards } from '../components/BalanceCards';
import { SectionCard } from '../../../layout/SectionPage';
import { CAPITAL_QUERY } from '../components/queryStates';
import { SignStatusTag } from '../components/status';
import { TransferTable } from '../components/TransferTable';
import { QueryStates } from '@tp/web-kit';

/** `/capitalCenter/info-icbc`: the ICBC channel: document and sign state (0 unsigned … 3 in transit) and its payments. */
export function InfoIcbcPage() {
  const { t } = useTranslation();
  const info = useIcbcInfo();
  const sign = info.data?.sign ?? null;
  return (
    <SectionCard title={t('capital.menu.infoIcbc')}>
      <QueryStates {...CAPITAL_QUERY} query={info}>
        {info.data && (
          <Space orientation="vertical" size={24} style={{ width: '100%' }}>
            <BalanceCards balance={info.data.balance} />
            <Descriptions
              bordered
              size="small"
              column={1}
              items={[
                { key: 'status', label: t('capital.field.signStatus'), children: <SignStatusTag status={sign?.status ?? '0'} testId="icbc-sign-status" /> },
                { key: 'sub', label: t('capital.field.subAccount'), children: sign?.subAccount || '-' },
                { key: 'account', label: t('capital.field.bankAccount'), children: sign?.bankAccount || '-' },
                ...(sign?.reason ? [{ key: 'reason', label: t('capital.field.reason'), children: sign.reason }] : []),
              ]}
            />
            {!sign && (
              <Alert type="info" showIcon title={t('capital.icbc.noDocument')} action={<Link to={paths.createDocumentIcbc}><Button size="small">{t('capital.menu.createDocument')}</Button></Link>} />
            )}
            {sign?.status === '0' && (
              <Alert type="info" showIcon title={t('capital.icbc.signNext')} action={<Link to={`${paths.capitalSign}?bankId=icbc`}><Button size="small">{t('capital.menu.sign')}</Button></Link>} />
            )}
            <TransferTable bankId="icbc" />
          </Space>
        )}
      </QueryStates>
    </SectionCard>
  );
}

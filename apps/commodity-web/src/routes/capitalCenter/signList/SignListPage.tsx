import { Button } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignList } from '../../../api/bank';
import { paths } from '../../../paths';
import { SectionCard } from '../../../layout/SectionPage';
import { CAPITAL_QUERY } from '../components/queryStates';
import { SignTable } from '../components/SignTable';
import { QueryStates } from '@tp/web-kit';

/** `/capitalCenter/signList`: the firm's signs on the second bank channel. */
export function SignListPage() {
  const { t } = useTranslation();
  const signs = useSignList('pab');
  return (
    <SectionCard title={t('capital.menu.signList')} extra={<Link to={`${paths.capitalSign}?bankId=pab`}><Button type="primary">{t('capital.menu.sign')}</Button></Link>}>
      <QueryStates {...CAPITAL_QUERY} query={signs}>
        <SignTable signs={signs.data ?? []} testId="sign-table-pab" />
      </QueryStates>
    </SectionCard>
  );
}

import { Button } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignList } from '../../../api/bank';
import { paths } from '../../../paths';
import { PageCard } from '../components/PageCard';
import { QueryState } from '../components/QueryState';
import { SignTable } from '../components/SignTable';

/** `/capitalCenter/signList`: the firm's signs on the second bank channel. */
export function SignListPage() {
  const { t } = useTranslation();
  const signs = useSignList('pab');
  return (
    <PageCard title={t('capital.menu.signList')} extra={<Link to={`${paths.capitalSign}?bankId=pab`}><Button type="primary">{t('capital.menu.sign')}</Button></Link>}>
      <QueryState query={signs}>
        <SignTable signs={signs.data ?? []} testId="sign-table-pab" />
      </QueryState>
    </PageCard>
  );
}

import { Button, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIcbcSignList } from '../../../api/bank';
import { paths } from '../../../paths';
import { SectionCard } from '../../../layout/SectionPage';
import { CAPITAL_QUERY } from '../components/queryStates';
import { SignTable } from '../components/SignTable';
import { QueryStates } from '@tp/web-kit';

/** `/capitalCenter/signListICBC`: the firm's ICBC document and signs (0 unsigned, 3 in transit, 1 signed, 2 terminated). */
export function SignListIcbcPage() {
  const { t } = useTranslation();
  const signs = useIcbcSignList();
  const live = (signs.data ?? []).some((s) => s.status !== '2');
  return (
    <SectionCard
      title={t('capital.menu.signListIcbc')}
      extra={
        <Space>
          {!live && (
            <Link to={paths.createDocumentIcbc}>
              <Button data-testid="to-create-document">{t('capital.menu.createDocument')}</Button>
            </Link>
          )}
        </Space>
      }
    >
      <QueryStates {...CAPITAL_QUERY} query={signs}>
        <SignTable signs={signs.data ?? []} testId="sign-table-icbc" />
      </QueryStates>
    </SectionCard>
  );
}

import { Button, Card, Descriptions, Empty, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UploadPath } from '@tp/contract';
import { useAccountRelation, useCertification } from '../../../api/enterprise';
import { paths } from '../../../paths';
import { CERTIFICATION_COLOR } from '../layout/access';
import { AuthedImage } from '../shared/AuthedImage';
import { guardedPage, PERSONAL_QUERY } from '../shared/PageGuard';
import { PersonalCard } from '../shared/RecordList';
import { usePersonalAccess } from '../shared/usePersonalAccess';
import { QueryStates } from '@tp/web-kit';

function EnterpriseInfo() {
  const { t } = useTranslation();
  const access = usePersonalAccess();
  const certification = useCertification();
  const relation = useAccountRelation();
  const info = certification.data;
  const mayCertify = access.may('enterpriseAuth');

  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <PersonalCard menu="enterprise">
        <QueryStates {...PERSONAL_QUERY} query={certification}>
          {info && info.status === '0' ? (
            <Empty description={t('enterprise.info.notSubmitted')}>
              {mayCertify ? (
                <Link to={paths.enterpriseAuth}>
                  <Button type="primary" data-testid="go-certify">{t('enterprise.info.goAuth')}</Button>
                </Link>
              ) : null}
            </Empty>
          ) : info ? (
            <>
              <Descriptions
                column={1}
                bordered
                data-testid="enterprise-info"
                items={[
                  { key: 'status', label: t('enterprise.info.status'), children: <Tag color={CERTIFICATION_COLOR[info.status]} data-testid="certification-status">{t(`enterprise.status.${info.status}`)}</Tag> },
                  ...(info.reason ? [{ key: 'reason', label: t('enterprise.info.reason'), children: info.reason }] : []),
                  { key: 'enterpriseName', label: t('enterprise.field.enterpriseName'), children: info.enterpriseName },
                  { key: 'firmType', label: t('enterprise.field.firmType'), children: info.firmType ? t(`enterprise.firmType.${info.firmType}`) : '' },
                  { key: 'registerNo', label: t('enterprise.field.registerNo'), children: info.registerNo },
                  { key: 'corporateName', label: t('enterprise.field.corporateName'), children: info.corporateName },
                  { key: 'enterprisePhone', label: t('enterprise.field.enterprisePhone'), children: info.enterprisePhone },
                  { key: 'operator', label: t('enterprise.field.operatorName'), children: `${info.operatorName}（${info.operatorPhone}）` },
                  { key: 'enterpriseAddress', label: t('enterprise.field.enterpriseAddress'), children: info.enterpriseAddress },
                  { key: 'submittedAt', label: t('enterprise.info.submittedAt'), children: new Date(info.submittedAt).toLocaleString() },
                ]}
              />
              <Space wrap style={{ marginTop: 16 }}>
                {(['businessPhoto', 'corporatePositiveCard', 'corporateReverseCard'] as const).map((field) =>
                  info[field] ? (
                    <AuthedImage key={field} thumbPath={UploadPath.thumb.replace(':id', info[field])} fullPath={UploadPath.file.replace(':id', info[field])} alt={t(`enterprise.field.${field}`)} />
                  ) : null,
                )}
              </Space>
              {mayCertify && (info.status === '3' || info.status === '5') ? (
                <div style={{ marginTop: 16 }}>
                  <Link to={paths.enterpriseAuth}>
                    <Button type="primary">{t('enterprise.auth.resubmit')}</Button>
                  </Link>
                </div>
              ) : null}
            </>
          ) : null}
        </QueryStates>
      </PersonalCard>
      <Card title={t('enterprise.info.relation')}>
        <QueryStates {...PERSONAL_QUERY} query={relation}>
          {relation.data ? (
            <Descriptions
              column={1}
              data-testid="account-relation"
              items={[
                { key: 'role', label: t('enterprise.info.accountRole'), children: relation.data.isMainAccount ? t('enterprise.info.main') : t('enterprise.info.sub') },
                { key: 'main', label: t('enterprise.info.mainAccount'), children: `${relation.data.mainUserName}（${relation.data.mainAccount}）` },
                {
                  key: 'child',
                  label: t('enterprise.info.childStatus'),
                  children: <Tag color={CERTIFICATION_COLOR[relation.data.certificationStatus]}>{t(`enterprise.status.${relation.data.certificationStatus}`)}</Tag>,
                },
              ]}
            />
          ) : null}
        </QueryStates>
      </Card>
    </Space>
  );
}

/** `/personalCenter/enterprise`: the certified enterprise, its review status, and who is parent and child account. */
export const EnterprisePage = guardedPage('enterprise', EnterpriseInfo);

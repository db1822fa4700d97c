import { Button, Card, Descriptions, Result, Skeleton, Typography } from 'antd';
import { useHref } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage, htmlLang } from '@tp/web-kit';
import { useUserInfo } from '../../../api/identity';
import { paths } from '../../../paths';

/** `/personalCenter/accountInfo`: who is logged in and for which firm. */
export function AccountInfoPage() {
  const { t, i18n } = useTranslation();
  const info = useUserInfo();
  const inviteHref = useHref(`${paths.register}/${info.data?.myInviteCode ?? ''}`);
  const none = <Typography.Text type="secondary">{t('personal.info.none')}</Typography.Text>;

  return (
    <Card title={<h1 className="result-heading" data-testid="page-heading">{t('personal.accountInfo')}</h1>}>
      {info.data ? (
        <Descriptions
          column={1}
          bordered
          data-testid="account-info"
          items={[
            { key: 'account', label: t('personal.info.account'), children: info.data.tel || info.data.email },
            { key: 'userName', label: t('personal.info.userName'), children: info.data.userName || none },
            { key: 'firm', label: t('personal.info.firm'), children: info.data.firmName },
            { key: 'firmCode', label: t('personal.info.firmCode'), children: info.data.firmCode },
            { key: 'userType', label: t('personal.info.userType'), children: t(`personal.info.${info.data.userType}`) },
            {
              key: 'role',
              label: t('personal.info.role'),
              children: info.data.isMainAccount ? t('personal.info.mainAccount') : t('personal.info.subAccount'),
            },
            {
              key: 'inviteCode',
              label: t('personal.info.inviteCode'),
              children: info.data.myInviteCode ? (
                <Typography.Text copyable data-testid="invite-code">
                  {info.data.myInviteCode}
                </Typography.Text>
              ) : (
                none
              ),
            },
            {
              key: 'inviteLink',
              label: t('personal.info.inviteLink'),
              children: info.data.myInviteCode ? (
                <Typography.Text copyable>{new URL(inviteHref, window.location.origin).href}</Typography.Text>
              ) : (
                none
              ),
            },
            {
              key: 'registeredAt',
              label: t('personal.info.registeredAt'),
              children: new Date(info.data.createdAt).toLocaleString(htmlLang(currentLanguage(i18n))),
            },
          ]}
        />
      ) : info.isError ? (
        <Result status="warning" extra={<Button onClick={() => void info.refetch()}>{t('common.retry')}</Button>} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Card>
  );
}

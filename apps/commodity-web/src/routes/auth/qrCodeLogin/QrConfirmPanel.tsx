import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard, loginPathFor, maskMobile, useSession } from '@tp/web-kit';
import { useQrConfirm } from '../../../api/identity';
import { paths } from '../../../paths';
import { AUTH_SETUP } from '../authSetup';

/** The logged-in device's side: approve the login waiting on the other device. */
export function QrConfirmPanel({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { session, isLoggedIn } = useSession();
  const confirm = useQrConfirm();

  if (!isLoggedIn) {
    return (
      <AuthCard title={t('qr.confirmTitle')} classes={AUTH_SETUP.card}>
        <Result
          status="info"
          title={t('qr.needLogin')}
          extra={
            <Button type="primary" data-testid="qr-confirm-login" onClick={() => void navigate(loginPathFor(pathname + search))}>
              {t('qr.goLogin')}
            </Button>
          }
        />
      </AuthCard>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AuthCard title={t('qr.confirmTitle')} classes={AUTH_SETUP.card}>
        <Result
          status="success"
          title={<span data-testid="qr-confirm-done">{t('qr.confirmDone')}</span>}
          extra={<Button onClick={() => void navigate(paths.home)}>{t('qr.goHome')}</Button>}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('qr.confirmTitle')} classes={AUTH_SETUP.card}>
      <Result
        status="warning"
        title={t('qr.confirmHint', { account: maskMobile(session?.tel ?? '') })}
        extra={
          <Button type="primary" size="large" loading={confirm.isPending} data-testid="qr-confirm" onClick={() => confirm.mutate(uuid)}>
            {t('qr.confirmButton')}
          </Button>
        }
      />
    </AuthCard>
  );
}

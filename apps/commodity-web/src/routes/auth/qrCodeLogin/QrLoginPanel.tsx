import { useEffect, useState } from 'react';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import QRCode from 'qrcode';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard, REDIRECT_PARAM, useRedirectTarget } from '@tp/web-kit';
import { useQrResult, useQrTicket } from '../../../api/identity';
import { paths } from '../../../paths';
import { AUTH_SETUP } from '../authSetup';
import { useRedirectSearch } from '../useRedirectSearch';

function useQrImage(content: string | undefined): string | undefined {
  const [image, setImage] = useState<{ content: string; url: string }>();
  useEffect(() => {
    if (!content) return;
    let current = true;
    void QRCode.toDataURL(content, { width: 440, margin: 1 }).then((url) => {
      if (current) setImage({ content, url });
    });
    return () => {
      current = false;
    };
  }, [content]);
  return image && image.content === content ? image.url : undefined;
}

/** The waiting device's side: the QR code, polled until confirmed or expired. */
export function QrLoginPanel({ alreadyLoggedIn }: { alreadyLoggedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = useRedirectTarget(paths.home);
  const redirectSearch = useRedirectSearch();
  const ticket = useQrTicket(!alreadyLoggedIn);
  const result = useQrResult(ticket.data?.uuid);
  // The ticket's content may be app-relative; a scanned code and a copied link need the full address.
  const link = ticket.data ? new URL(ticket.data.content, window.location.href).href : undefined;
  const image = useQrImage(link);
  const status = result.data ?? 'waiting';

  useEffect(() => {
    // Through the loading page, which fetches what the new session needs before showing the target.
    if (status === 'confirmed') void navigate(`${paths.loadPage}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`, { replace: true });
  }, [status, navigate, target]);

  if (alreadyLoggedIn && status !== 'confirmed') {
    return (
      <AuthCard title={t('qr.title')} classes={AUTH_SETUP.card}>
        <Result status="success" title={t('qr.alreadyLoggedIn')} extra={<Button onClick={() => void navigate(paths.home)}>{t('qr.goHome')}</Button>} />
      </AuthCard>
    );
  }

  const refresh = () => void ticket.refetch();

  return (
    <AuthCard title={t('qr.title')} classes={AUTH_SETUP.card}>
      <Flex vertical align="center" gap={16}>
        <Typography.Text type="secondary">{t('qr.hint')}</Typography.Text>
        {status === 'expired' || ticket.isError ? (
          <Result
            status="warning"
            title={<span data-testid="qr-expired">{t('qr.expired')}</span>}
            extra={
              <Button type="primary" icon={<ReloadOutlined />} loading={ticket.isFetching} onClick={refresh} data-testid="qr-refresh">
                {t('qr.refresh')}
              </Button>
            }
          />
        ) : (
          <Spin spinning={!image || status === 'confirmed'}>
            {image && ticket.data ? (
              <img className="qr-image" src={image} alt={t('qr.title')} data-testid="qr-image" data-uuid={ticket.data.uuid} />
            ) : (
              <div className="qr-image" />
            )}
          </Spin>
        )}
        {status === 'waiting' && ticket.data && !ticket.isError && (
          <>
            <Typography.Text data-testid="qr-status">{t('qr.waiting')}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 0 }}>
              {t('qr.orOpen')}
              <br />
              <Typography.Text copyable code data-testid="qr-link">
                {link}
              </Typography.Text>
            </Typography.Paragraph>
          </>
        )}
        {status === 'confirmed' && <Typography.Text type="success">{t('qr.confirmed')}</Typography.Text>}
        <Link to={paths.login + redirectSearch}>{t('qr.backToLogin')}</Link>
      </Flex>
    </AuthCard>
  );
}

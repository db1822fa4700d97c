import { useEffect, useRef } from 'react';
import { Card, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { BASENAME } from '../../paths';

/** `/download`: no native app is released, so the page says so and offers the mobile web address as a QR code. */
export function DownloadPage() {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const address = `${window.location.origin}${BASENAME}/`;
  useEffect(() => {
    if (canvas.current) void QRCode.toCanvas(canvas.current, address, { width: 200, margin: 1 });
  }, [address]);
  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('content.download.title')}</h1>}>
      <Space direction="vertical" size={16} align="center" style={{ width: '100%' }}>
        <p>{t('content.download.text')}</p>
        <canvas ref={canvas} aria-label={t('content.download.qr')} data-testid="download-qr" />
        <Typography.Text>
          {t('content.download.address')}: <Typography.Text code>{address}</Typography.Text>
        </Typography.Text>
      </Space>
    </Card>
  );
}

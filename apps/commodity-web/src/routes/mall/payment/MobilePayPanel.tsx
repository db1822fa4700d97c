import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import type { MobilePaymentView } from '@tp/contract';
import { useMobilePayment } from '../../../api/mobilepay';

function useQrImage(content: string | undefined): string | undefined {
  const [image, setImage] = useState<{ content: string; url: string }>();
  useEffect(() => {
    if (!content) return;
    let current = true;
    void QRCode.toDataURL(content, { width: 240, margin: 1 }).then((url) => {
      if (current) setImage({ content, url });
    });
    return () => {
      current = false;
    };
  }, [content]);
  return image && image.content === content ? image.url : undefined;
}

/** Seconds left until `expiresAt`, ticking every second; 0 once it has passed. */
function useSecondsLeft(expiresAt: string | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!expiresAt) return undefined;
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 1000));
}

const clock = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

export interface MobilePayPanelProps {
  paymentId: string;
  /** Called once when the provider confirms the payment. */
  onPaid?: (payment: MobilePaymentView) => void;
  /** Called once when the code expires or the payment is closed unpaid (e.g. to offer a new payment). */
  onExpired?: () => void;
}

/**
 * An Alipay or WeChat Pay payment waiting for its payer: the QR code to scan, the amount, a
 * countdown to its expiry, and the outcome once the provider has answered. It polls the payment.
 */
export function MobilePayPanel({ paymentId, onPaid, onExpired }: MobilePayPanelProps) {
  const { t } = useTranslation();
  const payment = useMobilePayment(paymentId);
  const data = payment.data;
  const image = useQrImage(data?.status === 'pending' ? data.qrContent : undefined);
  const secondsLeft = useSecondsLeft(data?.expiresAt);
  const paid = data?.status === 'paid' || data?.status === 'refunding' || data?.status === 'refunded';
  const expired = data?.status === 'closed' || (data?.status === 'pending' && secondsLeft === 0);

  useEffect(() => {
    if (paid && data) onPaid?.(data);
    // Only the change to paid counts, not every new poll result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paid]);
  useEffect(() => {
    if (expired) onExpired?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expired]);

  if (payment.isError && !data) {
    return (
      <Result
        status="error"
        title={<span data-testid="mobilepay-error">{t('mobilepay.loadFailed')}</span>}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void payment.refetch()} data-testid="mobilepay-retry">
            {t('mobilepay.retry')}
          </Button>
        }
      />
    );
  }
  if (!data) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin data-testid="mobilepay-loading" />
      </Flex>
    );
  }

  const channel = t(`mobilepay.channel.${data.channel}`);
  const amount = <Typography.Text type="danger" strong data-testid="mobilepay-amount">¥{data.amount}</Typography.Text>;

  if (paid) {
    return (
      <Result
        status="success"
        title={<span data-testid="mobilepay-paid">{t('mobilepay.paid')}</span>}
        subTitle={t('mobilepay.paidDetail', { channel, amount: data.amount })}
      />
    );
  }
  if (expired) {
    return <Result status="warning" title={<span data-testid="mobilepay-expired">{t(data.status === 'closed' ? 'mobilepay.closed' : 'mobilepay.expired')}</span>} subTitle={t('mobilepay.expiredDetail')} />;
  }

  return (
    <Flex vertical align="center" gap={12} data-testid="mobilepay-panel" data-channel={data.channel}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('mobilepay.scanTitle', { channel })}
      </Typography.Title>
      <div>
        {t('mobilepay.amount')}
        {amount}
      </div>
      <Spin spinning={!image}>
        {image ? <img src={image} alt={t('mobilepay.qrAlt', { channel })} width={240} height={240} data-testid="mobilepay-qr" /> : <div style={{ width: 240, height: 240 }} />}
      </Spin>
      <Typography.Text type="secondary" data-testid="mobilepay-countdown">
        {t('mobilepay.countdown', { time: clock(secondsLeft ?? 0) })}
      </Typography.Text>
      <a href={data.payPageUrl} target="_blank" rel="noreferrer" data-testid="mobilepay-open">
        {t('mobilepay.openPayPage', { channel })}
      </a>
      <Alert type="info" showIcon message={t('mobilepay.waiting')} />
    </Flex>
  );
}

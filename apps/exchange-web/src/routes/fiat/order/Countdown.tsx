import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Minutes and seconds left until `until`, measured against the server's clock (`serverNow` when the order was read). */
export function Countdown({ until, serverNow }: { until: string; serverNow: string }) {
  const { t } = useTranslation();
  const [skew] = useState(() => new Date(serverNow).getTime() - Date.now());
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + skew), 1000);
    return () => clearInterval(timer);
  }, [skew]);
  const left = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  const text = `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
  return <strong data-testid="order-countdown">{t('fiat.countdown', { time: text })}</strong>;
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PresaleProject } from '@tp/contract';

/** Time to the start (before it) or to the end, on the server's clock (`offsetMs` = server − browser). */
export function Countdown({ project, offsetMs }: { project: Pick<PresaleProject, 'startTime' | 'endTime'>; offsetMs: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 1000);
    return () => clearInterval(timer);
  }, [offsetMs]);
  const start = new Date(project.startTime).getTime();
  const end = new Date(project.endTime).getTime();
  if (now >= end) return <strong data-testid="presale-countdown">{t('presale.ended')}</strong>;
  const target = now < start ? start : end;
  const left = Math.max(0, Math.floor((target - now) / 1000));
  const parts = { d: Math.floor(left / 86_400), h: Math.floor((left % 86_400) / 3600), m: Math.floor((left % 3600) / 60), s: left % 60 };
  return (
    <span data-testid="presale-countdown">
      {now < start ? t('presale.startsIn') : t('presale.endsIn')} <strong>{t('presale.countdown', parts)}</strong>
    </span>
  );
}

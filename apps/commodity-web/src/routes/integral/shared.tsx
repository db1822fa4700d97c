import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RedemptionStatus, RewardApplicationStatus } from '@tp/contract';

export const SIZE = 10;

const REDEMPTION_COLOURS: Record<RedemptionStatus, string> = { W: 'orange', S: 'blue', T: 'green', U: 'default' };
const APPLICATION_COLOURS: Record<RewardApplicationStatus, string> = { W: 'processing', T: 'success', F: 'error' };

export function RedemptionStatusTag({ status }: { status: RedemptionStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={REDEMPTION_COLOURS[status]} data-testid="redemption-status" data-status={status}>
      {t(`integral.redemptionStatus.${status}`)}
    </Tag>
  );
}

export function ApplicationStatusTag({ status }: { status: RewardApplicationStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={APPLICATION_COLOURS[status]} data-testid="application-status" data-status={status}>
      {t(`integral.applicationStatus.${status}`)}
    </Tag>
  );
}

/** A moment as the platform shows it: Beijing time, to the minute. */
export const when = (iso: string) => (iso ? new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '');

import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PayStatus, SignStatus } from '@tp/contract';

const SIGN_COLORS: Record<SignStatus, string> = { '0': 'default', '1': 'green', '2': 'red', '3': 'processing' };
const PAY_COLORS: Record<PayStatus, string> = { '0': 'processing', '1': 'green', '2': 'red' };

/** The spec's bank sign state: 0 unsigned (ICBC), 1 signed, 2 terminated, 3 in transit. */
export function SignStatusTag({ status, testId }: { status: SignStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={SIGN_COLORS[status]} data-testid={testId} data-status={status}>
      {t(`capital.signStatus.s${status}`)}
    </Tag>
  );
}

/** The spec's bank payment state: 0 paying, 1 success, 2 failed. */
export function PayStatusTag({ status, testId }: { status: PayStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={PAY_COLORS[status]} data-testid={testId} data-status={status}>
      {t(`capital.payStatus.s${status}`)}
    </Tag>
  );
}

import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAcceptRiskDisclosure, useRiskDisclosure } from '../../api/spot';

/** Shown once to a logged-in user who has not accepted the current risk disclosure; trading waits for it. */
export function RiskDisclosureModal() {
  const { t } = useTranslation();
  const status = useRiskDisclosure();
  const accept = useAcceptRiskDisclosure();
  if (!status.data || status.data.accepted) return null;
  return (
    <Modal
      open
      closable={false}
      maskClosable={false}
      title={t('trade.risk.title')}
      footer={
        <Button type="primary" loading={accept.isPending} onClick={() => status.data && accept.mutate(status.data.version)} data-testid="risk-accept">
          {t('trade.risk.accept')}
        </Button>
      }
    >
      {(['p1', 'p2', 'p3'] as const).map((key) => (
        <Typography.Paragraph key={key}>{t(`trade.risk.${key}`)}</Typography.Paragraph>
      ))}
      <Typography.Text type="secondary">{t('trade.risk.version', { version: status.data.version })}</Typography.Text>
    </Modal>
  );
}

import { Button, Modal } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAcceptTerms, useTermsStatus } from '../../api/content';
import { legalPath } from '../../paths';

/**
 * Asks a logged-in user to accept the terms of service in force when they have not: a new version
 * published by staff, or an account that accepted none yet. The dialog stays until they accept.
 */
export function TermsGate() {
  const { t } = useTranslation();
  const status = useTermsStatus();
  const accept = useAcceptTerms();
  const pending = status.data && !status.data.accepted ? status.data : undefined;
  return (
    <Modal
      open={pending !== undefined}
      title={t('content.legal.gateTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" loading={accept.isPending} data-testid="terms-accept" onClick={() => pending && accept.mutate(pending.version)}>
          {t('content.legal.gateAccept')}
        </Button>
      }
    >
      <p data-testid="terms-gate">{t('content.legal.gateText', { version: pending?.version ?? '' })}</p>
      <Link to={legalPath('terms')} target="_blank">
        {t('content.legal.gateRead')}
      </Link>
    </Modal>
  );
}

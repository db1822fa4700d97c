import { useState } from 'react';
import { Button, Input, Modal, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Approve (after a confirmation) and reject buttons of one row waiting for a staff decision. */
export function DecisionButtons({ testId, confirmText, onApprove, onReject }: { testId: string; confirmText: string; onApprove: () => void; onReject: () => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Popconfirm title={confirmText} okText={t('system.confirm')} cancelText={t('system.cancel')} onConfirm={onApprove} okButtonProps={{ 'data-testid': `confirm-approve-${testId}` }}>
        <Button size="small" type="primary" data-testid={`approve-${testId}`}>
          {t('verification.approve')}
        </Button>
      </Popconfirm>
      <Button size="small" danger onClick={onReject} data-testid={`reject-${testId}`}>
        {t('verification.reject')}
      </Button>
    </Space>
  );
}

/** Asks the reason of a rejection (at least two characters, as the server requires) while `open`. */
export function RejectReason({ open, title, loading, onReject, onCancel }: { open: boolean; title: string; loading: boolean; onReject: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={open}
      title={title}
      okText={t('verification.reject')}
      cancelText={t('system.cancel')}
      okButtonProps={{ danger: true, disabled: reason.trim().length < 2, loading }}
      onOk={() => onReject(reason.trim())}
      onCancel={onCancel}
      afterClose={() => setReason('')}
    >
      <Input.TextArea rows={3} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('verification.reasonPlaceholder')} />
    </Modal>
  );
}

import { useState } from 'react';
import { Button, Input, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { REASON_MAX, reasonValid } from './ReasonButton';

/** The review pages with a decision drawer; each words approve, reject and the reason in its own section. */
export type DecisionSection = 'certification' | 'verification';

export interface DecisionPanelProps {
  section: DecisionSection;
  /** The question before approving, and the words of its two buttons. */
  confirm: { title: string; ok: string; cancel: string };
  pending: boolean;
  /** Rejects when the server refused; the API client has shown why, and the panel stays to try again. */
  decide: (approve: boolean, reason?: string) => Promise<unknown>;
}

export { reasonValid };

/** Approve (after a confirmation) or reject with a reason, at the foot of a review drawer. */
export function DecisionPanel({ section, confirm, pending, decide }: DecisionPanelProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');

  function submit(approve: boolean) {
    if (!approve && !reasonValid(reason)) {
      setReasonError(t(`${section}.reasonRequired`));
      return;
    }
    decide(approve, approve ? undefined : reason.trim()).catch(() => undefined);
  }

  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 24 }}>
      <Input.TextArea
        rows={2}
        maxLength={REASON_MAX}
        status={reasonError ? 'error' : undefined}
        placeholder={t(`${section}.reasonPlaceholder`)}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setReasonError('');
        }}
        data-testid="reject-reason"
      />
      {reasonError ? <span style={{ color: '#ff4d4f' }}>{reasonError}</span> : null}
      <Space>
        <Popconfirm title={confirm.title} okText={confirm.ok} cancelText={confirm.cancel} onConfirm={() => submit(true)} okButtonProps={{ 'data-testid': 'confirm-approve' }}>
          <Button type="primary" loading={pending} data-testid="approve">
            {t(`${section}.approve`)}
          </Button>
        </Popconfirm>
        <Button danger loading={pending} onClick={() => submit(false)} data-testid="reject">
          {t(`${section}.reject`)}
        </Button>
      </Space>
    </Space>
  );
}

/** The last column of a review list: Review on a row waiting for a decision, View on any other. */
export function ReviewButton({ section, waiting, rowId, onOpen }: { section: DecisionSection; waiting: boolean; rowId: string; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" onClick={onOpen} data-testid={`review-${rowId}`}>
      {waiting ? t(`${section}.review`) : t(`${section}.view`)}
    </Button>
  );
}

import { useState } from 'react';
import { App, Button, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Reasons are read by the firm or owner: at least two characters, at most 200 (the server's limit). */
export const REASON_MAX = 200;
export const reasonValid = (reason: string) => reason.trim().length >= 2 && reason.trim().length <= REASON_MAX;

/** The pages whose dictionaries word the reason: `reasonRequired` and `reasonPlaceholder`. */
export type ReasonSection = 'listing' | 'warehouse' | 'product' | 'supply';

export interface ReasonButtonProps {
  section: ReasonSection;
  label: string;
  testId: string;
  /** Shown above the box. */
  reasonLabel?: string;
  /** A second question naming the consequence, asked before anything changes. */
  confirmText?: string;
  /** Rejects when the server refused; the API client has shown why, and the dialog stays to try again. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/** Asks staff why before a refusal or a forced move: the reason is required because the firm reads it. */
export function ReasonButton({ section, label, testId, reasonLabel, confirmText, onSubmit }: ReasonButtonProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  function close() {
    setOpen(false);
    setReason('');
    setError('');
  }

  function send(text: string) {
    setBusy(true);
    return onSubmit(text)
      .then(close)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  }

  function submit() {
    if (!reasonValid(reason)) {
      setError(t(`${section}.reasonRequired`));
      return;
    }
    const text = reason.trim();
    if (!confirmText) {
      void send(text);
      return;
    }
    modal.confirm({ title: confirmText, okButtonProps: { danger: true, 'data-testid': `${testId}-confirm-ok` }, onOk: () => send(text) });
  }

  return (
    <>
      <Button size="small" danger data-testid={testId} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal open={open} title={label} onCancel={close} onOk={submit} confirmLoading={busy} okButtonProps={{ danger: true, 'data-testid': `${testId}-ok` }} destroyOnHidden>
        {reasonLabel ? <label htmlFor={`${testId}-reason`}>{reasonLabel}</label> : null}
        <Input.TextArea
          id={`${testId}-reason`}
          rows={3}
          maxLength={REASON_MAX}
          showCount
          value={reason}
          status={error ? 'error' : undefined}
          placeholder={t(`${section}.reasonPlaceholder`)}
          onChange={(e) => {
            setReason(e.target.value);
            if (error && reasonValid(e.target.value)) setError('');
          }}
          data-testid={`${testId}-reason`}
        />
        {error ? (
          <div role="alert" style={{ color: '#ff4d4f' }} data-testid={`${testId}-reason-error`}>
            {error}
          </div>
        ) : null}
      </Modal>
    </>
  );
}

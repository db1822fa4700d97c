import { useState } from 'react';
import { App, Button, Input, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@tp/decimal';
import { REASON_MAX, reasonValid } from './rules';

export const SIZE = 10;

export const money = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '—' : formatAmount(value, 2, { thousands: true }));
export const amount3 = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '—' : formatAmount(value, 3, { thousands: true }));
export const time = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

/** The listing tabs' texts: the section's own, with the retry among its actions. */
export const LISTING_QUERY_KEYS = { loadFailed: 'listing.loadFailed', retry: 'listing.actions.retry', empty: 'listing.empty' } as const;

const STATUS_COLOURS: Record<string, string> = { A: 'processing', O: 'blue', Z: 'cyan', T: 'success', U: 'default' };
const DEFAULT_COLOURS: Record<string, string> = { N: 'default', W: 'warning', F: 'error' };

export function ListingStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="listing-status" data-status={status}>
      {t(`listing.status.${status as 'O'}`, { defaultValue: status })}
    </Tag>
  );
}

export function DefaultTag({ status, testId }: { status: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={DEFAULT_COLOURS[status]} data-testid={testId} data-status={status}>
      {t(`listing.defaultStatus.${status as 'N'}`, { defaultValue: status })}
    </Tag>
  );
}

/**
 * Asks staff why before a refusal or a forced move: the reason is required and the owner reads it.
 * With `confirmText`, a second question names the consequence before anything changes.
 */
export function ReasonButton({ label, testId, confirmText, onSubmit }: { label: string; testId: string; confirmText?: string; onSubmit: (reason: string) => Promise<unknown> }) {
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
      setError(t('listing.reasonRequired'));
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
        <label htmlFor={`${testId}-reason`}>{t('listing.reasonLabel')}</label>
        <Input.TextArea
          id={`${testId}-reason`}
          rows={3}
          maxLength={REASON_MAX}
          showCount
          value={reason}
          status={error ? 'error' : undefined}
          placeholder={t('listing.reasonPlaceholder')}
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

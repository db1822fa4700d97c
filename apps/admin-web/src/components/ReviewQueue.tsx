import { useState, type ReactNode } from 'react';
import { Button, Card, Input, Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { BlobImage } from '@tp/web-kit';
import { loadStaffFile } from '../api/uploads';

/**
 * The i18n namespace of a review page; it also prefixes the page's retry/empty/tab test ids, so
 * each page keeps the ids its end-to-end tests already use.
 */
export type ReviewSection = 'product' | 'supply' | 'contract';
/** The sections with an audit queue: reasons to refuse, a queue tab and a full-list tab. */
export type AuditSection = 'product' | 'supply';

/** One uploaded picture read with the staff session (file addresses need its headers); the full size loads only when previewed. */
export function StaffThumb({ thumbUrl, url, alt, width, height, testId, fallback }: { thumbUrl: string; url: string | null; alt: string; width: number; height: number; testId: string; fallback?: ReactNode }) {
  return <BlobImage load={loadStaffFile} thumbUrl={thumbUrl} url={url} alt={alt} width={width} height={height} testId={testId} fallback={fallback} />;
}

/** Asks why before refusing: the reason is required because the firm reads it. */
export function ReasonButton({ section, label, testId, onSubmit }: { section: AuditSection; label: string; testId: string; onSubmit: (reason: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  function submit() {
    if (reason.trim().length < 2) {
      setError(t(`${section}.reasonRequired`));
      return;
    }
    setBusy(true);
    onSubmit(reason.trim())
      .then(() => {
        setOpen(false);
        setReason('');
        setError('');
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  }
  return (
    <>
      <Button size="small" danger data-testid={testId} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal open={open} title={label} onCancel={() => setOpen(false)} onOk={submit} confirmLoading={busy} okButtonProps={{ danger: true, 'data-testid': `${testId}-ok` }}>
        <Input.TextArea
          rows={3}
          maxLength={200}
          showCount
          value={reason}
          status={error ? 'error' : undefined}
          placeholder={t(`${section}.reasonPlaceholder`)}
          onChange={(e) => setReason(e.target.value)}
          data-testid={`${testId}-reason`}
        />
        {error ? <div style={{ color: '#ff4d4f' }}>{error}</div> : null}
      </Modal>
    </>
  );
}

/** The page number of a filtered list; any filter change goes back to the first page. */
export function useFilteredPage() {
  const [page, setPage] = useState(0);
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(0);
    };
  return { page, setPage, filter };
}

/** A firm id typed into a filter box, or no filter when it is not one. */
export const firmIdFilter = (value: string) => (/^\d{1,18}$/.test(value.trim()) ? value.trim() : undefined);

/** The audit queue and the full list as two tabs; each tab keeps its own filters and is rebuilt when shown. */
export function ReviewTabs({ section, table }: { section: AuditSection; table: (queue: boolean) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={t(`${section}.title`)}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'queue', label: <span data-testid={`${section}-tab-queue`}>{t(`${section}.tabs.queue`)}</span>, children: table(true) },
          { key: 'all', label: <span data-testid={`${section}-tab-all`}>{t(`${section}.tabs.all`)}</span>, children: table(false) },
        ]}
      />
    </Card>
  );
}

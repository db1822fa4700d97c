import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Card, Empty, Image, Input, Modal, Popconfirm, Result, Select, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminSupplyListRequest, AdminSupplyNote, SupplyKind, SupplyStatus } from '@tp/contract';
import { loadStaffImage, useAdminSupplyNotes, useAuditNote, useOffShelfNote } from '../../api/supply';

const SIZE = 10;
const STATUS_COLOURS: Record<SupplyStatus, string> = { W: 'processing', U: 'default', T: 'success', F: 'error', D: 'warning' };

function Loaded({ query, empty, children }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown }; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('supply.loadFailed')}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="supply-retry">
            {t('supply.retry')}
          </Button>
        }
      />
    );
  if (empty) return <Empty description={t('supply.empty')} data-testid="supply-empty" />;
  return <>{children}</>;
}

/** The note's picture through the staff file addresses (session headers), as a blob. */
function Thumb({ note }: { note: AdminSupplyNote }) {
  const [src, setSrc] = useState<string>();
  const [full, setFull] = useState<string>();
  const { thumbUrl, imageUrl } = note;
  useEffect(() => {
    if (!thumbUrl) return;
    const controller = new AbortController();
    let url: string | undefined;
    loadStaffImage(thumbUrl, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [thumbUrl]);
  if (!thumbUrl) return <>—</>;
  if (!src) return <Skeleton.Image active style={{ width: 64, height: 42 }} />;
  return (
    <Image
      src={src}
      width={64}
      alt={note.title}
      data-testid="admin-note-image"
      preview={{
        src: full ?? src,
        onOpenChange: (open) => {
          if (open && !full && imageUrl) void loadStaffImage(imageUrl).then((blob) => setFull(URL.createObjectURL(blob)));
        },
      }}
    />
  );
}

/** Asks why before refusing: the reason is required and the firm reads it. */
function ReasonButton({ label, testId, onSubmit }: { label: string; testId: string; onSubmit: (reason: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  function submit() {
    if (reason.trim().length < 2) {
      setError(t('supply.reasonRequired'));
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
          placeholder={t('supply.reasonPlaceholder')}
          onChange={(e) => setReason(e.target.value)}
          data-testid={`${testId}-reason`}
        />
        {error ? <div style={{ color: '#ff4d4f' }}>{error}</div> : null}
      </Modal>
    </>
  );
}

function NotesTable({ queue }: { queue: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<SupplyStatus>();
  const [kind, setKind] = useState<SupplyKind>();
  const [keyword, setKeyword] = useState<string>();
  const [firmId, setFirmId] = useState<string>();
  const request: AdminSupplyListRequest = { status: queue ? 'W' : status, kind, keyword, firmId, page, size: SIZE };
  const notes = useAdminSupplyNotes(request);
  const audit = useAuditNote();
  const offShelf = useOffShelfNote();
  const done = () => void message.success(t('supply.done'));
  const filter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(0);
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {!queue && (
          <Select
            allowClear
            placeholder={t('supply.filters.allStatuses')}
            style={{ width: 150 }}
            value={status}
            onChange={filter(setStatus)}
            data-testid="admin-filter-status"
            options={(['W', 'T', 'F', 'D', 'U'] as const).map((s) => ({ value: s, label: t(`supply.status.${s}`) }))}
          />
        )}
        <Select
          allowClear
          placeholder={t('supply.filters.allKinds')}
          style={{ width: 130 }}
          value={kind}
          onChange={filter(setKind)}
          options={(['supply', 'demand'] as const).map((k) => ({ value: k, label: t(`supply.kind.${k}`) }))}
        />
        <Input.Search allowClear placeholder={t('supply.filters.keyword')} style={{ width: 300 }} maxLength={40} onSearch={(v) => filter(setKeyword)(v.trim() || undefined)} data-testid={`admin-filter-keyword-${queue ? 'queue' : 'all'}`} />
        <Input.Search allowClear placeholder={t('supply.filters.firmId')} style={{ width: 160 }} onSearch={(v) => filter(setFirmId)(/^\d{1,18}$/.test(v.trim()) ? v.trim() : undefined)} />
      </Space>
      <Loaded query={notes} empty={notes.data?.total === 0}>
        <Table<AdminSupplyNote>
          rowKey="noteId"
          size="small"
          scroll={{ x: true }}
          dataSource={notes.data?.content ?? []}
          pagination={{ current: page + 1, pageSize: SIZE, total: notes.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
          onRow={(row) => ({ 'data-testid': `admin-note-${row.noteId}`, 'data-status': row.status }) as object}
          columns={[
            { title: t('supply.fields.noteId'), dataIndex: 'noteId' },
            { title: t('supply.fields.firmId'), dataIndex: 'firmId' },
            { title: t('supply.fields.kind'), render: (_, r) => t(`supply.kind.${r.kind}`) },
            { title: t('supply.fields.title'), dataIndex: 'title' },
            { title: t('supply.fields.img'), render: (_, r) => <Thumb note={r} /> },
            { title: t('supply.fields.commodity'), render: (_, r) => [r.commodityName, r.brand, r.specifications, r.packages].filter(Boolean).join(' · ') },
            { title: t('supply.fields.price'), render: (_, r) => (r.price === null ? t('supply.negotiable') : `${r.price} ${r.unit}`) },
            { title: t('supply.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
            { title: t('supply.fields.company'), render: (_, r) => `${r.companyName} / ${r.address}` },
            { title: t('supply.fields.contact'), render: (_, r) => `${r.contactsName ?? ''} ${r.contactsPhone ?? ''}` },
            {
              title: t('supply.fields.status'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATUS_COLOURS[r.status]} data-testid="admin-note-status">
                    {t(`supply.status.${r.status}`)}
                  </Tag>
                  {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
                </Space>
              ),
            },
            { title: t('supply.fields.auditedBy'), dataIndex: 'auditedBy' },
            { title: t('supply.fields.createdAt'), render: (_, r) => new Date(r.createdAt).toLocaleString() },
            {
              title: t('supply.fields.actions'),
              render: (_, r) => (
                <Space>
                  {r.status === 'W' && (
                    <>
                      <Popconfirm title={t('supply.confirm.approve')} onConfirm={() => audit.mutate({ noteId: r.noteId, pass: true }, { onSuccess: done })} okButtonProps={{ 'data-testid': 'note-approve-ok' }}>
                        <Button size="small" type="primary" data-testid="note-approve">
                          {t('supply.actions.approve')}
                        </Button>
                      </Popconfirm>
                      <ReasonButton label={t('supply.actions.reject')} testId="note-reject" onSubmit={(reason) => audit.mutateAsync({ noteId: r.noteId, pass: false, reason }).then(done)} />
                    </>
                  )}
                  {r.status === 'T' && <ReasonButton label={t('supply.actions.offShelf')} testId="note-offshelf" onSubmit={(reason) => offShelf.mutateAsync({ noteId: r.noteId, reason }).then(done)} />}
                </Space>
              ),
            },
          ]}
        />
      </Loaded>
    </>
  );
}

/** Back office: the audit queue (approve, or reject with a reason) and every note, where approved ones can be forced off the shelf. */
export function SupplyReviewPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('supply.title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'queue', label: <span data-testid="supply-tab-queue">{t('supply.tabs.queue')}</span>, children: <NotesTable queue /> },
          { key: 'all', label: <span data-testid="supply-tab-all">{t('supply.tabs.all')}</span>, children: <NotesTable queue={false} /> },
        ]}
      />
    </Card>
  );
}

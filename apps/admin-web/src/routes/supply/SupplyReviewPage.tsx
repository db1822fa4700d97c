import { useState } from 'react';
import { App, Button, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminSupplyListRequest, AdminSupplyNote, SupplyKind, SupplyStatus } from '@tp/contract';
import { useAdminSupplyNotes, useAuditNote, useOffShelfNote } from '../../api/supply';
import { ReasonButton, ReviewTabs, StaffThumb, firmIdFilter, useFilteredPage } from '../../components/ReviewQueue';
import { QueryStates } from '@tp/web-kit';

const SIZE = 10;
const STATUS_COLOURS: Record<SupplyStatus, string> = { W: 'processing', U: 'default', T: 'success', F: 'error', D: 'warning' };

function NotesTable({ queue }: { queue: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { page, setPage, filter } = useFilteredPage();
  const [status, setStatus] = useState<SupplyStatus>();
  const [kind, setKind] = useState<SupplyKind>();
  const [keyword, setKeyword] = useState<string>();
  const [firmId, setFirmId] = useState<string>();
  const request: AdminSupplyListRequest = { status: queue ? 'W' : status, kind, keyword, firmId, page, size: SIZE };
  const notes = useAdminSupplyNotes(request);
  const audit = useAuditNote();
  const offShelf = useOffShelfNote();
  const done = () => void message.success(t('supply.done'));
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
        <Input.Search allowClear placeholder={t('supply.filters.firmId')} style={{ width: 160 }} onSearch={(v) => filter(setFirmId)(firmIdFilter(v))} />
      </Space>
      <QueryStates keys="supply" query={notes} empty={notes.data?.total === 0}>
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
            { title: t('supply.fields.img'), render: (_, r) => (r.thumbUrl ? <StaffThumb thumbUrl={r.thumbUrl} url={r.imageUrl} alt={r.title} width={64} height={42} testId="admin-note-image" /> : '—') },
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
                      <ReasonButton section="supply" label={t('supply.actions.reject')} testId="note-reject" onSubmit={(reason) => audit.mutateAsync({ noteId: r.noteId, pass: false, reason }).then(done)} />
                    </>
                  )}
                  {r.status === 'T' && <ReasonButton section="supply" label={t('supply.actions.offShelf')} testId="note-offshelf" onSubmit={(reason) => offShelf.mutateAsync({ noteId: r.noteId, reason }).then(done)} />}
                </Space>
              ),
            },
          ]}
        />
      </QueryStates>
    </>
  );
}

/** Back office: the audit queue (approve, or reject with a reason) and every note, where approved ones can be forced off the shelf. */
export function SupplyReviewPage() {
  return <ReviewTabs section="supply" table={(queue) => <NotesTable queue={queue} />} />;
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSupplyListRequest, AdminSupplyNote, SupplyKind, SupplyStatus } from '@tp/contract';
import { useAdminSupplyNotes, useAuditNote, useOffShelfNote } from '../../api/supply';
import { AuditFilterBar, ReviewTabs, StaffThumb, useAuditColumns, useAuditFilters } from '../../components/ReviewQueue';
import { CodeSelect } from '../../components/CodeSelect';
import { QueryTable } from '../../components/QueryTable';

const STATUS_COLOURS: Record<SupplyStatus, string> = { W: 'processing', U: 'default', T: 'success', F: 'error', D: 'warning' };
const STATUSES = ['W', 'T', 'F', 'D', 'U'] as const;

function NotesTable({ queue }: { queue: boolean }) {
  const { t } = useTranslation();
  const filters = useAuditFilters<SupplyStatus>(queue, 'W');
  const [kind, setKind] = useState<SupplyKind>();
  const request: AdminSupplyListRequest = { ...filters.request, kind };
  const notes = useAdminSupplyNotes(request);
  const audit = useAuditNote();
  const offShelf = useOffShelfNote();
  const auditColumns = useAuditColumns<AdminSupplyNote>({
    section: 'supply',
    colours: STATUS_COLOURS,
    statusTestId: 'admin-note-status',
    time: { field: 'createdAt', of: (r) => r.createdAt },
    actions: (r) => ({
      testIdPrefix: 'note',
      status: r.status,
      approve: () => audit.mutateAsync({ noteId: r.noteId, pass: true }),
      reject: (reason) => audit.mutateAsync({ noteId: r.noteId, pass: false, reason }),
      offShelf: (reason) => offShelf.mutateAsync({ noteId: r.noteId, reason }),
    }),
  });
  return (
    <>
      <AuditFilterBar section="supply" queue={queue} filters={filters} statuses={STATUSES} keywordWidth={300} testIds={{ status: 'admin-filter-status', keyword: 'admin-filter-keyword' }}>
        <CodeSelect codes={['supply', 'demand'] as const} label={(k) => t(`supply.kind.${k}`)} placeholder={t('supply.filters.allKinds')} width={130} value={kind} onChange={filters.filter(setKind)} />
      </AuditFilterBar>
      <QueryTable<AdminSupplyNote>
        keys="supply"
        query={notes}
        page={filters.page}
        onPage={filters.setPage}
        rowKey="noteId"
        rowData={(row) => ({ 'data-testid': `admin-note-${row.noteId}`, 'data-status': row.status })}
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
          ...auditColumns,
        ]}
      />
    </>
  );
}

/** Back office: the audit queue (approve, or reject with a reason) and every note, where approved ones can be forced off the shelf. */
export function SupplyReviewPage() {
  return <ReviewTabs section="supply" table={(queue) => <NotesTable queue={queue} />} />;
}

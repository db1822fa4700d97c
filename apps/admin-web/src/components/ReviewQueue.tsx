import { useState, type ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, Input, Popconfirm, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BlobImage } from '@tp/web-kit';
import { loadStaffFile } from '../api/uploads';
import { CodeSelect } from './CodeSelect';
import { ReasonButton } from './ReasonButton';

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

/** Rows per page of an audit list. */
export const AUDIT_PAGE_SIZE = 10;

/**
 * The filters every audit list has: a status (the queue shows only what waits, `queueStatus`),
 * a keyword and a firm id; any change goes back to the first page.
 */
export function useAuditFilters<Status extends string>(queue: boolean, queueStatus: Status) {
  const { page, setPage, filter } = useFilteredPage();
  const [status, setStatus] = useState<Status>();
  const [keyword, setKeyword] = useState<string>();
  const [firmId, setFirmId] = useState<string>();
  return {
    page,
    setPage,
    filter,
    status,
    setStatus: filter(setStatus),
    onKeyword: (value: string) => filter(setKeyword)(value.trim() || undefined),
    onFirmId: (value: string) => filter(setFirmId)(firmIdFilter(value)),
    request: { status: queue ? queueStatus : status, keyword, firmId, page, size: AUDIT_PAGE_SIZE },
  };
}

export interface AuditFilterBarProps<Status extends string> {
  section: AuditSection;
  queue: boolean;
  filters: ReturnType<typeof useAuditFilters<Status>>;
  statuses: readonly Status[];
  keywordWidth: number;
  testIds: { status: string; keyword: string };
  /** The section's own filter, between the status and the keyword. */
  children: ReactNode;
}

/** An audit list's filters; the status choice is left out of the queue, which shows only what waits. */
export function AuditFilterBar<Status extends string>({ section, queue, filters, statuses, keywordWidth, testIds, children }: AuditFilterBarProps<Status>) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {!queue && <CodeSelect codes={statuses} label={(s) => t(`${section}.status.${s as 'W'}`)} placeholder={t(`${section}.filters.allStatuses`)} width={150} value={filters.status} onChange={filters.setStatus} data-testid={testIds.status} />}
      {children}
      <Input.Search allowClear placeholder={t(`${section}.filters.keyword`)} style={{ width: keywordWidth }} maxLength={40} onSearch={filters.onKeyword} data-testid={`${testIds.keyword}-${queue ? 'queue' : 'all'}`} />
      <Input.Search allowClear placeholder={t(`${section}.filters.firmId`)} style={{ width: 160 }} onSearch={filters.onFirmId} />
    </Space>
  );
}

/** An audited item's status, with the reason it was refused or taken off the shelf beneath. */
function AuditStatusCell({ colour, label, reason, testId }: { colour: string | undefined; label: string; reason: string; testId: string }) {
  return (
    <Space direction="vertical" size={0}>
      <Tag color={colour} data-testid={testId}>
        {label}
      </Tag>
      {reason && <Typography.Text type="secondary">{reason}</Typography.Text>}
    </Space>
  );
}

/** What an audit list's rows have in common. */
export interface AuditedRow {
  status: string;
  reason: string;
  auditedBy: string;
}

export interface AuditColumnsOptions<Row> {
  section: AuditSection;
  colours: Record<string, string>;
  /** The test id of the status tag (the end-to-end journeys read the row's status from it). */
  statusTestId: string;
  /** The row's time column: when it was last changed, or when it was created. */
  time: { field: 'updatedAt' | 'createdAt'; of: (row: Row) => string };
  actions: (row: Row) => Omit<AuditActionsProps, 'section'>;
}

/** The columns every audit list ends with: the status (and why), who audited, when, and what staff can do. */
export function useAuditColumns<Row extends AuditedRow>({ section, colours, statusTestId, time, actions }: AuditColumnsOptions<Row>): TableColumnsType<Row> {
  const { t } = useTranslation();
  return [
    { title: t(`${section}.fields.status`), render: (_, r) => <AuditStatusCell colour={colours[r.status]} label={t(`${section}.status.${r.status as 'W'}`)} reason={r.reason} testId={statusTestId} /> },
    { title: t(`${section}.fields.auditedBy`), dataIndex: 'auditedBy' },
    { title: time.field === 'createdAt' ? t(`${section}.fields.createdAt` as 'supply.fields.createdAt') : t('product.fields.updatedAt'), render: (_, r) => new Date(time.of(r)).toLocaleString() },
    { title: t(`${section}.fields.actions`), render: (_, r) => <AuditActions section={section} {...actions(r)} /> },
  ];
}

export interface AuditActionsProps {
  section: AuditSection;
  /** Prefixes the buttons' test ids (`<prefix>-approve`, `-reject`, `-offshelf`). */
  testIdPrefix: string;
  status: string;
  approve: () => Promise<unknown>;
  reject: (reason: string) => Promise<unknown>;
  offShelf: (reason: string) => Promise<unknown>;
}

/** What staff can do with an audited item: approve or reject one that waits (`W`), force one on sale (`T`) off the shelf. */
function AuditActions({ section, testIdPrefix, status, approve, reject, offShelf }: AuditActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const done = () => void message.success(t(`${section}.done`));
  return (
    <Space>
      {status === 'W' && (
        <>
          <Popconfirm title={t(`${section}.confirm.approve`)} onConfirm={() => void approve().then(done, () => undefined)} okButtonProps={{ 'data-testid': `${testIdPrefix}-approve-ok` }}>
            <Button size="small" type="primary" data-testid={`${testIdPrefix}-approve`}>
              {t(`${section}.actions.approve`)}
            </Button>
          </Popconfirm>
          <ReasonButton section={section} label={t(`${section}.actions.reject`)} testId={`${testIdPrefix}-reject`} onSubmit={(reason) => reject(reason).then(done)} />
        </>
      )}
      {status === 'T' && <ReasonButton section={section} label={t(`${section}.actions.offShelf`)} testId={`${testIdPrefix}-offshelf`} onSubmit={(reason) => offShelf(reason).then(done)} />}
    </Space>
  );
}

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

import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditLogRow, AuditVerifyReport } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { formatTime } from '../../components/format';
import { PageTable } from '../../components/QueryTable';
import { useAuditLog, useVerifyAudit } from '../../api/staff';

interface Filters {
  actorId?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  range?: [PickedDay | null, PickedDay | null] | null;
}

/** What the range picker hands back: antd's date objects, read only through `format`. */
interface PickedDay {
  format(pattern: string): string;
}

const PAGE_SIZE = 20;
const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** `/audit`: the hash-chained audit log, searchable, with a check of the whole chain. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Omit<Filters, 'range'> & { from?: string | undefined; to?: string | undefined }>({});
  const [page, setPage] = useState(0);
  const log = useAuditLog({ ...filters, page, size: PAGE_SIZE });
  const verify = useVerifyAudit();
  const [report, setReport] = useState<AuditVerifyReport | null>(null);

  function search(values: Filters) {
    setPage(0);
    setFilters({
      actorId: blankToUndefined(values.actorId),
      action: blankToUndefined(values.action),
      objectType: blankToUndefined(values.objectType),
      objectId: blankToUndefined(values.objectId),
      from: values.range?.[0]?.format('YYYY-MM-DD'),
      to: values.range?.[1]?.format('YYYY-MM-DD'),
    });
  }

  return (
    <PageCard title={t('staff.audit.title')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Form<Filters> layout="inline" onFinish={search} data-testid="audit-filters">
          <Form.Item name="actorId" label={t('staff.audit.actorId')}>
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="action" label={t('staff.audit.action')}>
            <Input allowClear placeholder={t('staff.audit.actionHint')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="objectType" label={t('staff.audit.objectType')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="objectId" label={t('staff.audit.objectId')}>
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="range" label={t('staff.audit.range')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('staff.audit.search')}
            </Button>
          </Form.Item>
          <Form.Item>
            <Button
              data-testid="audit-verify"
              loading={verify.isPending}
              onClick={() =>
                verify
                  .mutateAsync()
                  .then(setReport)
                  .catch(() => undefined)
              }
            >
              {t('staff.audit.verify')}
            </Button>
          </Form.Item>
        </Form>
        {report && (
          <Alert
            data-testid="audit-verify-result"
            type={report.ok ? 'success' : 'error'}
            showIcon
            message={
              report.ok
                ? t('staff.audit.verifyOk', { checked: report.checked, checkpoints: report.checkpoints })
                : report.brokenId
                  ? t('staff.audit.verifyBroken', { id: report.brokenId })
                  : t('staff.audit.verifyCheckpoint', { problem: report.checkpointProblem })
            }
          />
        )}
        <PageTable<AuditLogRow>
          data-testid="audit-table"
          rowKey="id"
          loading={log.isFetching}
          query={log}
          page={page}
          onPage={setPage}
          pageSize={PAGE_SIZE}
          sizeChanger={false}
          columns={[
            { title: t('staff.audit.at'), dataIndex: 'at', render: formatTime, width: 170 },
            { title: t('staff.audit.actor'), key: 'actor', render: (_: unknown, row) => (row.actorName ? `${row.actorName}（${row.actorId}）` : `${row.actorKind}:${row.actorId}`) },
            { title: t('staff.audit.action'), dataIndex: 'action' },
            { title: t('staff.audit.objectType'), key: 'object', render: (_: unknown, row) => `${row.objectType} ${row.objectId}` },
            {
              title: t('staff.audit.detail'),
              dataIndex: 'detail',
              render: (detail: unknown) => (
                <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
                  {JSON.stringify(detail)}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Space>
    </PageCard>
  );
}

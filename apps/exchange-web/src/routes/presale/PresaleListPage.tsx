import { useState } from 'react';
import { Button, Card, Space, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTimeText } from '../../components/useTimeText';
import type { PresaleProject } from '@tp/contract';
import { useSession } from '@tp/web-kit';
import { usePresaleProjects } from '../../api/presale';
import { paths } from '../../paths';
import { ProjectTags } from './status';

const PAGE_SIZE = 10;

/** `/presale`: the pre-sale projects, newest start first. */
export function PresaleListPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [page, setPage] = useState(1);
  const projects = usePresaleProjects(page - 1, PAGE_SIZE);
  const time = useTimeText();
  return (
    <Card
      title={<h1 className="ex-heading" data-testid="page-heading">{t('presale.title')}</h1>}
      extra={isLoggedIn ? <Link to={paths.presaleRecords}>{t('presale.records')}</Link> : null}
    >
      <Table<PresaleProject>
        data-testid="presale-projects"
        rowKey="projectId"
        loading={projects.isFetching}
        dataSource={projects.data?.content ?? []}
        locale={{ emptyText: projects.isPending ? ' ' : t('presale.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: projects.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('presale.fields.abbreviation'), key: 'name', render: (_, p) => <Space direction="vertical" size={0}><strong>{p.name}</strong><span className="ex-muted">{`${p.abbreviation} · ${p.coinName}`}</span></Space> },
          { title: t('presale.fields.price'), key: 'price', render: (_, p) => `${p.price} USDT` },
          { title: t('presale.fields.remainingAmount'), key: 'remaining', render: (_, p) => `${p.remainingAmount} / ${p.amount}` },
          { title: t('presale.fields.startTime'), dataIndex: 'startTime', render: time },
          { title: t('presale.fields.endTime'), dataIndex: 'endTime', render: time },
          { title: t('presale.sub.status'), key: 'phase', render: (_, p) => <ProjectTags project={p} /> },
          {
            key: 'open',
            render: (_, p) => (
              <Link to={`${paths.presale}/${p.projectId}`} data-testid={`presale-open-${p.projectId}`}>
                <Button size="small">{t('presale.detail')}</Button>
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}

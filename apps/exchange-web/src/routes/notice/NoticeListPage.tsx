import { useState } from 'react';
import { Card, List, Pagination, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '@tp/web-kit';
import { useNotices } from '../../api/content';
import { paths } from '../../paths';
import { formatDay } from '../content/text';

const PAGE_SIZE = 10;

/** `/notice`: the announcements, pinned first, newest first. */
export function NoticeListPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const notices = useNotices(page - 1, PAGE_SIZE);
  const rows = notices.data?.content ?? [];
  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('content.notice.title')}</h1>}>
      <QueryStates query={notices} keys="content" empty={rows.length === 0} emptyText={t('content.notice.empty')} testIdPrefix="notices">
        <List
          data-testid="notice-list"
          dataSource={rows}
          renderItem={(notice) => (
            <List.Item key={notice.id} extra={<span className="ex-muted">{formatDay(notice.publishedAt, i18n.language)}</span>}>
              <List.Item.Meta
                title={
                  <Link to={`${paths.notice}/${notice.id}`} data-testid="notice-link">
                    {notice.pinned ? <Tag color="gold">{t('content.notice.pinned')}</Tag> : null}
                    {notice.title}
                  </Link>
                }
                description={notice.summary}
              />
            </List.Item>
          )}
        />
        <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={page} pageSize={PAGE_SIZE} total={notices.data?.total ?? 0} onChange={setPage} showSizeChanger={false} hideOnSinglePage />
      </QueryStates>
    </Card>
  );
}

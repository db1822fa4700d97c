import { Card, List, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage, htmlLang } from '@tp/web-kit';
import { useContentList } from '../../../api/content';
import { CONTENT_PAGES, formatDate, type ContentPageColumn } from '../../content/columns';

const LATEST = 5;

/** The newest items of a column, with a link to the whole list. */
export function LatestContent({ column, title }: { column: ContentPageColumn; title: string }) {
  const { t, i18n } = useTranslation();
  const list = useContentList(column, 0, LATEST);
  const meta = CONTENT_PAGES[column];
  const locale = htmlLang(currentLanguage(i18n));

  return (
    <Card title={title} extra={<Link to={meta.list}>{t('content.more')}</Link>} data-testid={`latest-${column}`}>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <List
          size="small"
          dataSource={list.data?.content ?? []}
          locale={{ emptyText: t('content.empty') }}
          renderItem={(item) => (
            <List.Item extra={formatDate(item.publishedAt, locale)}>
              <Link to={meta.detail(item.id)}>{item.title}</Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

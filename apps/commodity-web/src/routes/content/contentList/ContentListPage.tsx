import { Alert, Card, List, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { htmlLang, currentLanguage } from '@tp/web-kit';
import { useContentList } from '../../../api/content';
import { PledgeNotices } from '../../pledge/PledgeNotices';
import { CONTENT_PAGES, formatDate, type ContentPageColumn } from '../columns';

const PAGE_SIZE = 20;

/** `/news`, `/notice`, `/helpCenter`: a column's items, 20 to a page, the page kept in the address. */
export function ContentListPage({ column }: { column: ContentPageColumn }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const list = useContentList(column, page - 1, PAGE_SIZE);
  const meta = CONTENT_PAGES[column];
  const locale = htmlLang(currentLanguage(i18n));

  return (
    <Card title={<h1 className="result-heading" data-testid="page-heading">{t(meta.title)}</h1>}>
      {list.isError && !list.data ? <Alert type="error" showIcon title={t('content.loadFailed')} /> : null}
      {list.isPending ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={list.data?.content ?? []}
          locale={{ emptyText: t('content.empty') }}
          loading={list.isFetching && !list.isPending}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: (next) => setParams({ page: String(next) }),
          }}
          renderItem={(item) => (
            <List.Item data-testid="content-item" extra={formatDate(item.publishedAt, locale)}>
              <List.Item.Meta title={<Link to={meta.detail(item.id)}>{item.title}</Link>} description={item.summary} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

export const NewsListPage = () => <ContentListPage column="news" />;
/** The platform's notices, after the signed-in firm's own pledge notices. */
export const NoticeListPage = () => (
  <>
    <PledgeNotices />
    <ContentListPage column="notice" />
  </>
);
export const HelpListPage = () => <ContentListPage column="help" />;

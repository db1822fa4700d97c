import { Card } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundResult, QueryStates, isApiError } from '@tp/web-kit';
import { useArticle } from '../../api/content';
import { paths } from '../../paths';
import { Paragraphs, formatDay } from '../content/text';

/** `/notice/:id`: one announcement. */
export function NoticeDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const article = useArticle(id);
  if (!/^\d{1,12}$/.test(id) || (isApiError(article.error) && article.error.httpStatus === 404)) return <NotFoundResult homePath={paths.notice} />;
  return (
    <Card>
      <QueryStates query={article} keys="content" testIdPrefix="notice">
        {article.data ? (
          <article>
            <h1 className="ex-heading" data-testid="page-heading">
              {article.data.title}
            </h1>
            <p className="ex-muted">{formatDay(article.data.publishedAt, i18n.language)}</p>
            <Paragraphs body={article.data.body} />
          </article>
        ) : null}
      </QueryStates>
      <Link to={paths.notice}>{t('content.notice.back')}</Link>
    </Card>
  );
}

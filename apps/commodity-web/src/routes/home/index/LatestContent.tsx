import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage, htmlLang } from '@tp/web-kit';
import { useContentList } from '../../../api/content';
import { CONTENT_PAGES, formatDate, type ContentPageColumn } from '../../content/columns';

const LATEST = 5;
const PLACEHOLDER_ROWS = [0, 1, 2, 3];

/** The newest items of a column, with a link to the whole list. */
export function LatestContent({ column, title }: { column: ContentPageColumn; title: string }) {
  const { t, i18n } = useTranslation();
  const list = useContentList(column, 0, LATEST);
  const meta = CONTENT_PAGES[column];
  const locale = htmlLang(currentLanguage(i18n));
  const items = list.data?.content ?? [];

  return (
    <section className="home-panel" data-testid={`latest-${column}`}>
      <header className="home-panel-head">
        <h3>{title}</h3>
        <Link to={meta.list}>{t('content.more')}</Link>
      </header>
      <div className="home-panel-body">
        {list.isPending ? (
          <div className="home-placeholder" aria-busy="true">
            {PLACEHOLDER_ROWS.map((row) => (
              <span key={row} />
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="home-empty">{t('content.empty')}</p>
        ) : (
          <ul className="home-list">
            {items.map((item) => (
              <li key={item.id}>
                <Link to={meta.detail(item.id)}>{item.title}</Link>
                <span className="home-list-date">{formatDate(item.publishedAt, locale)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

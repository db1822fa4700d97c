import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../api/content';
import { paths } from '../../paths';
import { formatDay } from '../content/text';

/** The home page's latest announcements (pinned first); plain elements, so the landing stays light. Nothing shows until they arrive. */
export function HomeNotices() {
  const { t, i18n } = useTranslation();
  const notices = useNotices(0, 5);
  const rows = notices.data?.content ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="ex-home-notices" data-testid="home-notices">
      <header>
        <h2>{t('content.notice.homeTitle')}</h2>
        <Link to={paths.notice}>{t('content.notice.more')}</Link>
      </header>
      <ul>
        {rows.map((notice) => (
          <li key={notice.id}>
            <Link to={`${paths.notice}/${notice.id}`}>
              {notice.pinned ? <span className="ex-pin">{t('content.notice.pinned')}</span> : null}
              {notice.title}
            </Link>
            <span className="ex-muted">{formatDay(notice.publishedAt, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../api/content';
import { paths } from '../../paths';

/** The trading page's one-line bar with the pinned announcements; absent when none is pinned. */
export function NoticeBar() {
  const { t } = useTranslation();
  const pinned = useNotices(0, 3, true).data?.content ?? [];
  if (pinned.length === 0) return null;
  return (
    <div className="ex-notice-bar" role="note" data-testid="notice-bar">
      <strong>{t('content.notice.bar')}</strong>
      {pinned.map((notice) => (
        <Link key={notice.id} to={`${paths.notice}/${notice.id}`}>
          {notice.title}
        </Link>
      ))}
    </div>
  );
}

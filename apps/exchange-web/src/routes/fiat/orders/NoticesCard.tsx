import { Badge, Button, Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotices, useReadNotices } from '../../../api/otc';
import { AntiPhishingTag } from '../../../components/AntiPhishingTag';
import { fiatPaths } from '../components/fiatPaths';

/** The user's fiat notices: every state change of their orders and their merchant application, newest first. */
export function NoticesCard() {
  const { t } = useTranslation();
  const notices = useNotices({ page: 0, size: 10 });
  const read = useReadNotices();
  const unread = notices.data?.unread ?? 0;
  return (
    <Card
      size="small"
      title={
        <Badge count={unread} offset={[12, 0]} data-testid="notices-unread">
          {t('fiat.notices')}
        </Badge>
      }
      extra={
        <>
          <AntiPhishingTag />
          {unread > 0 ? (
            <Button size="small" onClick={() => void read.mutateAsync(undefined)} data-testid="notices-read">
              {t('fiat.markRead')}
            </Button>
          ) : null}
        </>
      }
      style={{ marginBottom: 16 }}
    >
      <List
        size="small"
        loading={notices.isLoading}
        dataSource={notices.data?.content ?? []}
        locale={{ emptyText: notices.isLoading ? ' ' : t('fiat.noNotices') }}
        data-testid="notices-list"
        renderItem={(n) => (
          <List.Item>
            <span style={{ fontWeight: n.read ? 'normal' : 'bold' }}>
              {n.orderId ? <Link to={fiatPaths.order(n.orderId)}>{n.orderNo}</Link> : null} {t(`fiat.notice.${n.kind}`)}
            </span>
            <span className="ex-muted">{new Date(n.createdAt).toLocaleString()}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}

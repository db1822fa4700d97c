import { useState } from 'react';
import { Card, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates, formatMoney, useSession } from '@tp/web-kit';
import type { PledgeNotice } from '@tp/contract';
import { usePledgeNotices } from '../../api/pledge';

const COLOURS: Record<PledgeNotice['kind'], string> = { marginCall: 'warning', marginCallLifted: 'success', overdue: 'error' };

/** The signed-in firm's pledge notices (margin calls with their deadline and amount, overdue loans), on the notices page. */
export function PledgeNotices() {
  const { t } = useTranslation();
  const { isLoggedIn, hasRight } = useSession();
  const [page, setPage] = useState(0);
  const enabled = isLoggedIn && hasRight('pledge.apply');
  const notices = usePledgeNotices(page, enabled);
  if (!enabled) return null;
  return (
    <Card title={t('pledge.notices.title')} style={{ marginBottom: 16 }} data-testid="pledge-notices">
      <QueryStates keys="pledge" query={notices}>
        <List<PledgeNotice>
          dataSource={notices.data?.content ?? []}
          locale={{ emptyText: t('pledge.notices.empty') }}
          pagination={{ current: page + 1, pageSize: 10, total: notices.data?.total ?? 0, hideOnSinglePage: true, onChange: (next) => setPage(next - 1) }}
          renderItem={(n) => (
            <List.Item data-testid="pledge-notice" data-kind={n.kind} extra={new Date(n.createdAt).toLocaleString()}>
              <Tag color={COLOURS[n.kind]}>{t(`pledge.notices.${n.kind}Kind` as 'pledge.notices.marginCallKind')}</Tag>
              {t(`pledge.notices.${n.kind}` as 'pledge.notices.marginCall', {
                financeId: n.financeId,
                amount: formatMoney(n.amount),
                principal: formatMoney(n.principal),
                limit: formatMoney(n.limit),
                deadline: n.deadline ? new Date(n.deadline).toLocaleString() : '—',
              })}
            </List.Item>
          )}
        />
      </QueryStates>
    </Card>
  );
}

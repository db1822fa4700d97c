import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LedgerBalance } from '@tp/contract';
import { formatMoney } from '../amount';

/** Available, frozen and total of the firm's fund account (CNY), exact and truncated. */
export function BalanceCards({ balance }: { balance: LedgerBalance }) {
  const { t } = useTranslation();
  const items = [
    { key: 'available', value: balance.available },
    { key: 'frozen', value: balance.frozen },
    { key: 'total', value: balance.total },
  ] as const;
  return (
    <Row gutter={16}>
      {items.map((item) => (
        <Col xs={24} sm={8} key={item.key}>
          <Statistic title={t(`capital.balance.${item.key}`)} prefix="¥" valueRender={() => <span data-testid={`balance-${item.key}`}>{formatMoney(item.value)}</span>} />
        </Col>
      ))}
    </Row>
  );
}

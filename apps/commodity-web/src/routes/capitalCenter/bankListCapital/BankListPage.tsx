import { Col, Row, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BankListItem } from '@tp/contract';
import { useAllBankList, useBankList, useSignList } from '../../../api/bank';
import { SectionCard } from '../../../layout/SectionPage';
import { CAPITAL_QUERY } from '../components/queryStates';
import { SignStatusTag } from '../components/status';
import { QueryStates } from '@tp/web-kit';

/** `/capitalCenter/bankListCapital`: the custody channels (bankList) with the firm's state on each, and every bank an account may be opened at (allBankList). */
export function BankListPage() {
  const { t } = useTranslation();
  const channels = useBankList();
  const all = useAllBankList();
  const signs = useSignList();
  const stateOf = (bankId: string) => (signs.data ?? []).find((s) => s.bankId === bankId && s.status !== '2');
  return (
    <SectionCard title={t('capital.menu.bankList')}>
      <QueryStates {...CAPITAL_QUERY} query={{ isPending: channels.isPending || all.isPending, isError: channels.isError || all.isError, refetch: () => (void channels.refetch(), void all.refetch()) }}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Typography.Title level={5}>{t('capital.channels')}</Typography.Title>
            <Table<BankListItem>
              rowKey="bankId"
              size="small"
              pagination={false}
              data-testid="channel-table"
              dataSource={channels.data ?? []}
              columns={[
                { title: t('capital.field.bankId'), dataIndex: 'bankId' },
                { title: t('capital.field.bankName'), dataIndex: 'bankName' },
                { title: t('capital.field.signStatus'), key: 'state', render: (_, row) => {
                    const status = stateOf(row.bankId)?.status ?? (row.bankId === 'icbc' ? '0' : undefined);
                    return status ? <SignStatusTag status={status} /> : t('capital.notSigned');
                  },
                },
              ]}
            />
          </Col>
          <Col xs={24} md={12}>
            <Typography.Title level={5}>{t('capital.allBanks')}</Typography.Title>
            <Table<BankListItem>
              rowKey="bankId"
              size="small"
              pagination={false}
              dataSource={all.data ?? []}
              columns={[
                { title: t('capital.field.bankId'), dataIndex: 'bankId' },
                { title: t('capital.field.bankName'), dataIndex: 'bankName' },
              ]}
            />
          </Col>
        </Row>
      </QueryStates>
    </SectionCard>
  );
}

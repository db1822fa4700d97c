import { App, Button, Card, Col, Form, Input, Row, Select, Space, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustodyRow } from '@tp/contract';
import { applyFieldErrors } from '@tp/web-kit';
import { useMay } from '../../../api/staff';
import { PageCard } from '../../../components/PageCard';
import { formatTime } from '../../../components/format';
import { useChainDeposit, useChainMine, useChainStatus, useCustody } from '../../../api/wallet';

/**
 * `/chain`: the simulated chain's console (development only: send a deposit to any address,
 * mine blocks) and the custody of each asset, hot and cold.
 */
export function ChainPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ address: string; asset: string; amount: string }>();
  const may = useMay();
  const status = useChainStatus(may('sandbox.control'));
  const custody = useCustody(may('bank.monitor'));
  const send = useChainDeposit();
  const mine = useChainMine();

  async function onSend(values: { address: string; asset: string; amount: string }) {
    try {
      // Bitcoin lives on its own chain; the other assets are Ethereum's coin and tokens.
      const chain = values.asset === 'BTC' ? 'BTC' : 'ETH';
      await send.mutateAsync({ ...values, chain, address: values.address.trim(), amount: values.amount.trim() });
      void message.success(t('chain.sent'));
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <PageCard title={t('chain.title')}>
        <Row gutter={16} style={{ marginBottom: 16 }}>
          {(status.data ?? []).map((row) => (
            <Col key={row.chain}>
              <Card size="small">
                <Space size={24}>
                  <Statistic title={t('chain.height', { chain: row.chain })} value={row.height} data-testid={`height-${row.chain}`} />
                  <Statistic title={t('chain.pending')} value={row.pending} />
                  <Button onClick={() => mine.mutate({ chain: row.chain, blocks: 1 })} loading={mine.isPending} data-testid={`mine-${row.chain}`}>
                    {t('chain.mine')}
                  </Button>
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
        <Form form={form} name="chainDeposit" layout="inline" initialValues={{ asset: 'USDT' }} onFinish={(v) => void onSend(v)}>
          <Form.Item name="address" rules={[{ required: true, message: t('chain.addressRequired') }]}>
            <Input style={{ width: 380 }} placeholder={t('chain.address')} />
          </Form.Item>
          <Form.Item name="asset">
            <Select showSearch style={{ width: 100 }} options={['BTC', 'ETH', 'USDT', 'TPT'].map((value) => ({ value }))} />
          </Form.Item>
          <Form.Item name="amount" rules={[{ required: true, message: t('chain.amountRequired') }]}>
            <Input style={{ width: 140 }} placeholder={t('chain.amount')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="chain-send">
            {t('chain.send')}
          </Button>
        </Form>
      </PageCard>
      <Card title={t('chain.custody')}>
        <Table<CustodyRow>
          data-testid="custody-table"
          rowKey="asset"
          pagination={false}
          loading={custody.isPending}
          dataSource={custody.data ?? []}
          columns={[
            { title: t('withdrawals.asset'), dataIndex: 'asset' },
            { title: t('chain.total'), dataIndex: 'total', align: 'right' },
            { title: t('chain.hot'), dataIndex: 'hot', align: 'right' },
            { title: t('chain.cold'), dataIndex: 'cold', align: 'right' },
            { title: t('wallet.refills.waiting'), dataIndex: 'waiting', align: 'right' },
            { title: t('chain.lastMove'), dataIndex: 'lastMoveAt', render: formatTime },
          ]}
        />
      </Card>
    </Space>
  );
}

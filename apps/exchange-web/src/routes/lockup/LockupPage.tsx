import { App, Button, Card, Col, Descriptions, Form, Input, Row, Space, Table, Tag, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTimeText } from '../../components/useTimeText';
import { Decimal } from '@tp/decimal';
import { LOCKUP_RULES, type LockupLock, type LockupMonth } from '@tp/contract';
import { loginPathFor, runAction, useSession } from '@tp/web-kit';
import { useLock, useLockupOverview } from '../../api/lockup';
import { paths } from '../../paths';

const percent = (rate: string) => `${Decimal.parse(rate).mul('100').toString()}%`;

function LockForm({ available }: { available: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const lock = useLock();
  const [form] = Form.useForm<{ amount: string }>();

  function confirm({ amount }: { amount: string }) {
    modal.confirm({
      title: t('lockup.confirmTitle'),
      content: t('lockup.confirmText', { amount, asset: LOCKUP_RULES.asset, months: LOCKUP_RULES.months }),
      okButtonProps: { 'data-testid': 'lockup-confirm' } as ButtonProps,
      onOk: () =>
        runAction(async () => {
          await lock.mutateAsync(amount);
          void message.success(t('lockup.locked'));
          form.resetFields();
        }),
    });
  }

  return (
    <Form form={form} layout="vertical" onFinish={confirm}>
      <Form.Item
        name="amount"
        label={t('lockup.amount', { asset: LOCKUP_RULES.asset })}
        extra={t('lockup.available', { amount: available, asset: LOCKUP_RULES.asset })}
        rules={[
          { required: true, message: t('lockup.amountRequired') },
          {
            validator: async (_, value: string) => {
              if (!value) return;
              if (!/^\d{1,14}(?:\.\d{1,4})?$/.test(value) || Decimal.parse(value).lt(LOCKUP_RULES.minimum)) throw new Error(t('lockup.belowMinimum', { minimum: LOCKUP_RULES.minimum }));
              if (Decimal.parse(value).gt(available)) throw new Error(t('lockup.aboveAvailable'));
            },
          },
        ]}
      >
        <Input data-testid="lockup-amount" suffix={LOCKUP_RULES.asset} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={lock.isPending} data-testid="lockup-submit">
        {t('lockup.submit')}
      </Button>
    </Form>
  );
}

function LockCard({ lock }: { lock: LockupLock }) {
  const { t } = useTranslation();
  const time = useTimeText();
  return (
    <Card title={`${t('lockup.lockTitle', { amount: lock.amount, asset: LOCKUP_RULES.asset })} · ${time(lock.lockedAt)}`} extra={<Tag color={lock.status === 'active' ? 'gold' : 'green'}>{t(`lockup.status.${lock.status}`)}</Tag>} data-testid="lockup-lock">
      <Descriptions size="small" column={{ xs: 1, md: 4 }}>
        <Descriptions.Item label={t('lockup.reward')}>{lock.reward}</Descriptions.Item>
        <Descriptions.Item label={t('lockup.stillLocked')}>{lock.locked}</Descriptions.Item>
        <Descriptions.Item label={t('lockup.released')}>{lock.released}</Descriptions.Item>
        <Descriptions.Item label={t('lockup.rewarded')}>{lock.rewarded}</Descriptions.Item>
      </Descriptions>
      <Table<LockupMonth>
        size="small"
        rowKey="month"
        pagination={false}
        dataSource={lock.months}
        data-testid="lockup-schedule"
        columns={[
          { title: t('lockup.month'), dataIndex: 'month' },
          { title: t('lockup.dueAt'), dataIndex: 'dueAt', render: time },
          { title: t('lockup.monthReward'), dataIndex: 'reward' },
          { title: t('lockup.monthRelease'), dataIndex: 'release' },
          { title: t('lockup.acceleration'), key: 'acc', render: (_, m) => (m.paidAt ? `${m.acceleration} (${t('lockup.fees', { fees: m.feesUsdt })})` : '—') },
          { title: t('lockup.paidAt'), dataIndex: 'paidAt', render: (v: string) => (v ? time(v) : <Tag>{t('lockup.pending')}</Tag>) },
        ]}
      />
    </Card>
  );
}

/** `/lockup`: the lock-up reward's rules, the lock form, and each lock's monthly schedule and history. */
export function LockupPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const overview = useLockupOverview();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <h1 className="ex-heading" data-testid="page-heading">
        {t('lockup.title')}
      </h1>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={14}>
          <Card title={t('lockup.rules')} data-testid="lockup-rules">
            <ul className="ex-link-list">
              <li>{t('lockup.ruleSenior')}</li>
              <li>{t('lockup.ruleMinimum', { minimum: LOCKUP_RULES.minimum, asset: LOCKUP_RULES.asset, months: LOCKUP_RULES.months })}</li>
              <li>{t('lockup.ruleReward', { rate: percent(LOCKUP_RULES.rewardRate), months: LOCKUP_RULES.months })}</li>
              <li>{t('lockup.ruleRelease', { months: LOCKUP_RULES.months, days: LOCKUP_RULES.monthDays })}</li>
              <li>{t('lockup.ruleAcceleration', { rate: percent(LOCKUP_RULES.accelerationRate) })}</li>
            </ul>
          </Card>
        </Col>
        <Col xs={24} md={10}>
          <Card title={t('lockup.lockNow')}>
            {isLoggedIn ? (
              overview.data ? <LockForm available={overview.data.available} /> : null
            ) : (
              <Button type="primary" onClick={() => void navigate(loginPathFor(paths.lockup))}>
                {t('lockup.loginToLock')}
              </Button>
            )}
          </Card>
        </Col>
      </Row>
      {overview.data?.locks.map((lock) => <LockCard key={lock.lockId} lock={lock} />)}
    </Space>
  );
}

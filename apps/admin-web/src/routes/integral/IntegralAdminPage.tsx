import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Space, Switch, Table, Tabs, Tag, Upload, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { PER_THOUSAND_RULES, type IntegralGoods, type IntegralRule, type Redemption, type RewardApplication, type SaveIntegralGoods } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { useApplications, useDecide, useGoods, useRedemptions, useRules, useSaveGoods, useSaveRule, useShip, useUploadGoodsImage } from './api';

const PAGE_SIZE = 20;
const when = (iso: string) => (iso ? new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '-');

/** One rule per row: its points and whether it awards at all; saving is audited on the server. */
function RuleRow({ rule }: { rule: IntegralRule }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveRule();
  const [points, setPoints] = useState(rule.points);
  const [enabled, setEnabled] = useState(rule.enabled);
  const changed = points !== rule.points || enabled !== rule.enabled;
  return (
    <Space data-testid="integral-rule" data-rule={rule.key}>
      <InputNumber min={0} max={1_000_000} precision={0} value={points} onChange={(v) => setPoints(v ?? 0)} data-testid="rule-points" />
      <span>{PER_THOUSAND_RULES.includes(rule.key) ? t('integral.perThousand') : t('integral.perEvent')}</span>
      <Switch checked={enabled} onChange={setEnabled} data-testid="rule-enabled" />
      <Button
        type="primary"
        size="small"
        disabled={!changed}
        loading={save.isPending}
        data-testid="rule-save"
        onClick={() => save.mutateAsync({ key: rule.key, points, enabled }).then(() => void message.success(t('integral.saved')), () => undefined)}
      >
        {t('integral.save')}
      </Button>
    </Space>
  );
}

function RulesTab() {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <Table<IntegralRule>
      size="small"
      rowKey="key"
      loading={rules.isPending}
      dataSource={rules.data ?? []}
      pagination={false}
      columns={[
        { title: t('integral.rule'), render: (_, r) => t(`integral.rules.${r.key}`) },
        { title: t('integral.points'), render: (_, r) => <RuleRow key={`${r.key}:${r.updatedAt}`} rule={r} /> },
        { title: t('integral.updatedAt'), render: (_, r) => when(r.updatedAt) },
      ]}
    />
  );
}

/** A new good, or changes to one: name, picture, price in points, stock and the per-firm limit. */
function GoodsForm({ goods, onClose }: { goods: IntegralGoods | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SaveIntegralGoods>();
  const save = useSaveGoods();
  const upload = useUploadGoodsImage();
  const [imageId, setImageId] = useState<string>();
  const submit = (values: SaveIntegralGoods) =>
    save.mutateAsync({ ...values, ...(goods ? { goodsId: goods.goodsId } : {}), ...(imageId ? { imageId } : {}) }).then(() => {
      void message.success(t('integral.saved'));
      onClose();
    }, () => undefined);
  return (
    <Modal open title={goods ? t('integral.editGoods') : t('integral.newGoods')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} okButtonProps={{ 'data-testid': 'goods-save' } as ButtonProps}>
      <Form
        form={form}
        name="integralGoods"
        layout="vertical"
        onFinish={submit}
        initialValues={goods ? { name: goods.name, description: goods.description, points: goods.points, stock: goods.stock, limitPerFirm: goods.limitPerFirm, status: goods.status } : { status: 'T', limitPerFirm: 1 }}
      >
        <Form.Item name="name" label={t('integral.name')} rules={[{ required: true, whitespace: true, max: 60, message: t('integral.nameRule') }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="description" label={t('integral.description')}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        <Form.Item label={t('integral.image')}>
          <Upload
            accept="image/jpeg,image/png"
            maxCount={1}
            beforeUpload={(file) => {
              void upload.mutateAsync(file).then((f) => setImageId(f.id), () => undefined);
              return false;
            }}
          >
            <Button loading={upload.isPending}>{imageId ? t('integral.imageUploaded') : t('integral.upload')}</Button>
          </Upload>
        </Form.Item>
        <Space>
          <Form.Item name="points" label={t('integral.price')} rules={[{ required: true, message: t('integral.numberRule') }]}>
            <InputNumber min={1} max={10_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="stock" label={t('integral.stock')} rules={[{ required: true, message: t('integral.numberRule') }]}>
            <InputNumber min={0} max={1_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="limitPerFirm" label={t('integral.limit')} rules={[{ required: true, message: t('integral.numberRule') }]}>
            <InputNumber min={1} max={1_000_000} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="status" label={t('integral.status')}>
          <Radio.Group options={(['T', 'O'] as const).map((s) => ({ value: s, label: t(`integral.goodsStatus.${s}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function GoodsTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<IntegralGoods | null | undefined>(undefined);
  const goods = useGoods({ page, size: PAGE_SIZE });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing(null)} data-testid="goods-new">
        {t('integral.newGoods')}
      </Button>
      <Table<IntegralGoods>
        size="small"
        rowKey="goodsId"
        loading={goods.isPending}
        dataSource={goods.data?.content ?? []}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: goods.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: t('integral.image'), render: (_, g) => (g.thumbUrl ? <img src={g.thumbUrl} alt={g.name} style={{ height: 40 }} /> : '-') },
          { title: t('integral.name'), dataIndex: 'name' },
          { title: t('integral.price'), dataIndex: 'points' },
          { title: t('integral.stock'), dataIndex: 'stock' },
          { title: t('integral.limit'), dataIndex: 'limitPerFirm' },
          { title: t('integral.status'), render: (_, g) => <Tag color={g.status === 'T' ? 'green' : 'default'}>{t(`integral.goodsStatus.${g.status}`)}</Tag> },
          {
            title: '',
            render: (_, g) => (
              <Button size="small" onClick={() => setEditing(g)} data-testid="goods-edit">
                {t('integral.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing !== undefined && <GoodsForm goods={editing} onClose={() => setEditing(undefined)} />}
    </Space>
  );
}

function RedemptionsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const [shipping, setShipping] = useState<Redemption | null>(null);
  const [form] = Form.useForm<{ trackingNo: string }>();
  const list = useRedemptions({ page, size: PAGE_SIZE });
  const ship = useShip();
  return (
    <>
      <Table<Redemption>
        size="small"
        rowKey="redemptionId"
        loading={list.isPending}
        dataSource={list.data?.content ?? []}
        onRow={(r) => ({ 'data-testid': 'redemption-row', 'data-redemption': r.redemptionId }) as object}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: t('integral.time'), render: (_, r) => when(r.createdAt) },
          { title: t('integral.firm'), dataIndex: 'firmName' },
          { title: t('integral.name'), render: (_, r) => `${r.goodsName} × ${r.quantity}` },
          { title: t('integral.points'), dataIndex: 'points' },
          { title: t('integral.address'), render: (_, r) => `${r.recipients} ${r.recipientsCellphone} ${r.region}${r.addressName}` },
          { title: t('integral.status'), render: (_, r) => <Tag data-testid="redemption-status" data-status={r.status}>{t(`integral.redemptionStatus.${r.status}`)}</Tag> },
          { title: t('integral.trackingNo'), render: (_, r) => r.trackingNo || '-' },
          {
            title: '',
            render: (_, r) =>
              r.status === 'W' ? (
                <Button size="small" type="primary" onClick={() => setShipping(r)} data-testid="redemption-ship">
                  {t('integral.ship')}
                </Button>
              ) : null,
          },
        ]}
      />
      {shipping && (
        <Modal
          open
          title={t('integral.shipTitle', { name: shipping.goodsName, firm: shipping.firmName })}
          onCancel={() => setShipping(null)}
          onOk={() => form.submit()}
          confirmLoading={ship.isPending}
          okButtonProps={{ 'data-testid': 'redemption-ship-ok' } as ButtonProps}
        >
          <Form
            form={form}
            name="integralShip"
            onFinish={(v) =>
              ship.mutateAsync({ redemptionId: shipping.redemptionId, trackingNo: v.trackingNo.trim() }).then(() => {
                void message.success(t('integral.shipped'));
                form.resetFields();
                setShipping(null);
              }, () => undefined)
            }
          >
            <Form.Item name="trackingNo" label={t('integral.trackingNo')} rules={[{ required: true, whitespace: true, min: 4, max: 40, message: t('integral.trackingRule') }]}>
              <Input maxLength={40} data-testid="tracking-no" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}

function ApplicationsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(0);
  const [deciding, setDeciding] = useState<{ application: RewardApplication; approve: boolean } | null>(null);
  const [form] = Form.useForm<{ points?: number; reason?: string }>();
  const list = useApplications({ page, size: PAGE_SIZE });
  const decide = useDecide();
  return (
    <>
      <Table<RewardApplication>
        size="small"
        rowKey="applicationId"
        loading={list.isPending}
        dataSource={list.data?.content ?? []}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: t('integral.time'), render: (_, a) => when(a.createdAt) },
          { title: t('integral.firm'), dataIndex: 'firmName' },
          { title: t('integral.reason'), dataIndex: 'reason' },
          { title: t('integral.status'), render: (_, a) => <Tag>{t(`integral.applicationStatus.${a.status}`)}</Tag> },
          { title: t('integral.points'), render: (_, a) => (a.status === 'T' ? a.points : '-') },
          { title: t('integral.decisionReason'), render: (_, a) => a.decisionReason || '-' },
          {
            title: '',
            render: (_, a) =>
              a.status === 'W' ? (
                <Space>
                  <Button size="small" type="primary" onClick={() => setDeciding({ application: a, approve: true })} data-testid="application-approve">
                    {t('integral.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => setDeciding({ application: a, approve: false })} data-testid="application-reject">
                    {t('integral.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      {deciding && (
        <Modal
          open
          title={deciding.approve ? t('integral.approveTitle', { firm: deciding.application.firmName }) : t('integral.rejectTitle', { firm: deciding.application.firmName })}
          onCancel={() => setDeciding(null)}
          onOk={() => form.submit()}
          confirmLoading={decide.isPending}
          okButtonProps={{ 'data-testid': 'application-decide-ok' } as ButtonProps}
        >
          <Form
            form={form}
            name="integralDecide"
            onFinish={(v) =>
              decide
                .mutateAsync({ applicationId: deciding.application.applicationId, approve: deciding.approve, ...(deciding.approve ? { points: v.points } : {}), reason: v.reason?.trim() ?? '' })
                .then(() => {
                  void message.success(t('integral.saved'));
                  form.resetFields();
                  setDeciding(null);
                }, () => undefined)
            }
          >
            {deciding.approve && (
              <Form.Item name="points" label={t('integral.points')} rules={[{ required: true, message: t('integral.numberRule') }]}>
                <InputNumber min={1} max={1_000_000} precision={0} data-testid="decide-points" />
              </Form.Item>
            )}
            <Form.Item name="reason" label={t('integral.decisionReason')} rules={deciding.approve ? [] : [{ required: true, whitespace: true, message: t('integral.reasonRule') }]}>
              <Input.TextArea rows={2} maxLength={200} data-testid="decide-reason" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}

/** Back office: the earning rules, the integral goods, redemptions to ship and reward applications to review. */
export function IntegralAdminPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('integral.title')}>
      <Tabs
        items={[
          { key: 'redemptions', label: <span data-testid="tab-redemptions">{t('integral.tabs.redemptions')}</span>, children: <RedemptionsTab /> },
          { key: 'goods', label: <span data-testid="tab-goods">{t('integral.tabs.goods')}</span>, children: <GoodsTab /> },
          { key: 'applications', label: <span data-testid="tab-applications">{t('integral.tabs.applications')}</span>, children: <ApplicationsTab /> },
          { key: 'rules', label: <span data-testid="tab-rules">{t('integral.tabs.rules')}</span>, children: <RulesTab /> },
        ]}
      />
    </PageCard>
  );
}

import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@tp/web-kit';
import { PAYBACK_TERMS, type AdminLoanListRequest, type Funder, type PledgeFinance, type PledgeProduct, type SavePledgeProductRequest } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { useCommodityTypes } from '../../api/listing';
import { useAdminLoans, useFunders, useProducts, useSaveFunder, useSaveProduct, useWarehouseConfirm, useWarehouseReject } from './api';

const PAGE_SIZE = 20;
const AMOUNT = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;
const SHARE = /^0(?:\.\d{1,6})?$|^1(?:\.0{1,6})?$/;

/** Loans of one view: awaiting the warehouse's confirmation, overdue (the monitor), or all. */
function LoansTab({ view }: { view: 'warehouse' | 'overdue' | 'all' }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(0);
  const [rejecting, setRejecting] = useState<PledgeFinance | null>(null);
  const query: AdminLoanListRequest = { ...(view === 'warehouse' ? { awaitingWarehouse: true } : view === 'overdue' ? { financeStatus: '4' } : {}), page, size: PAGE_SIZE };
  const loans = useAdminLoans(query);
  const confirm = useWarehouseConfirm();
  const reject = useWarehouseReject();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <>
      <Table<PledgeFinance>
        size="small"
        rowKey="financeId"
        scroll={{ x: true }}
        loading={loans.isPending}
        dataSource={loans.data?.content ?? []}
        onRow={(r) => ({ 'data-testid': 'pledge-row', 'data-finance': r.financeId }) as object}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: loans.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: t('pledge.fields.financeId'), dataIndex: 'financeId' },
          { title: t('pledge.fields.borrower'), dataIndex: 'borrowerName' },
          { title: t('pledge.fields.funder'), dataIndex: 'funderName' },
          { title: t('pledge.fields.goods'), render: (_, r) => `${r.commodityName} ${r.quantity} / ${r.weight}${r.weightUnit} · ${r.storageName}` },
          { title: t('pledge.fields.amount'), render: (_, r) => formatMoney(r.amount) },
          { title: t('pledge.fields.payoff'), render: (_, r) => formatMoney(r.payoff) },
          { title: t('pledge.fields.dueDay'), render: (_, r) => r.dueDay ?? '-' },
          { title: t('pledge.fields.status'), render: (_, r) => <Tag data-testid="pledge-status" data-finance={r.financeStatus}>{t(`pledge.financeStatus.${r.financeStatus}`)}</Tag> },
          { title: t('pledge.fields.reason'), render: (_, r) => r.reason || '-' },
          {
            title: t('pledge.fields.action'),
            render: (_, r) =>
              r.financeStatus === '0' && r.pledgeStatus === '1' && !r.warehouseConfirmed ? (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    data-testid="pledge-confirm"
                    onClick={() =>
                      modal.confirm({
                        title: t('pledge.confirmGoods', { id: r.financeId }),
                        okButtonProps: { 'data-testid': 'pledge-confirm-ok' } as ButtonProps,
                        onOk: () => confirm.mutateAsync(r.financeId).then(() => void message.success(t('pledge.done'))),
                      })
                    }
                  >
                    {t('pledge.confirm')}
                  </Button>
                  <Button size="small" danger data-testid="pledge-reject" onClick={() => setRejecting(r)}>
                    {t('pledge.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t('pledge.reject')}
        onCancel={() => setRejecting(null)}
        okButtonProps={{ 'data-testid': 'pledge-reject-ok' } as ButtonProps}
        onOk={() =>
          void form.validateFields().then(({ reason }) =>
            reject.mutateAsync({ financeId: rejecting!.financeId, reason }).then(() => {
              form.resetFields();
              setRejecting(null);
            }),
          )
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={t('pledge.fields.reason')} rules={[{ required: true, whitespace: true, message: t('pledge.required', { field: t('pledge.fields.reason') }) }]}>
            <Input.TextArea maxLength={200} data-testid="pledge-reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Funders: certified enterprises set up to lend, with their grace days. */
function FundersTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const funders = useFunders();
  const save = useSaveFunder();
  const [form] = Form.useForm<{ firmId: string; name: string; graceDays: number; active: boolean }>();
  const required = (field: string) => [{ required: true, whitespace: true, message: t('pledge.required', { field: t(`pledge.fields.${field}` as 'pledge.fields.name') }) }];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ graceDays: 3, active: true }}
        onFinish={(values) => void save.mutateAsync(values).then(() => void message.success(t('pledge.done')))}
      >
        <Form.Item name="firmId" label={t('pledge.fields.firmId')} rules={[...required('firmId'), { pattern: /^\d{1,18}$/, message: t('pledge.required', { field: t('pledge.fields.firmId') }) }]}>
          <Input data-testid="funder-firmId" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="name" label={t('pledge.fields.name')} rules={required('name')}>
          <Input data-testid="funder-name" maxLength={60} />
        </Form.Item>
        <Form.Item name="graceDays" label={t('pledge.fields.graceDays')}>
          <InputNumber min={0} max={30} precision={0} data-testid="funder-graceDays" />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked">
          <Checkbox>{t('pledge.fields.active')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="funder-save">
          {t('pledge.save')}
        </Button>
      </Form>
      <Table<Funder>
        size="small"
        rowKey="factorId"
        loading={funders.isPending}
        dataSource={funders.data?.funders ?? []}
        pagination={{ pageSize: PAGE_SIZE }}
        columns={[
          { title: t('pledge.fields.factorId'), dataIndex: 'factorId' },
          { title: t('pledge.fields.firmId'), dataIndex: 'firmId' },
          { title: t('pledge.fields.name'), dataIndex: 'name' },
          { title: t('pledge.fields.graceDays'), dataIndex: 'graceDays' },
          { title: t('pledge.fields.active'), render: (_, f) => (f.active ? t('pledge.yes') : t('pledge.no')) },
        ]}
      />
    </Space>
  );
}

/** Products and rates: per funder and commodity, LTV, rates, maintenance ratio, reference price and terms. */
function ProductsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const products = useProducts();
  const funders = useFunders();
  const types = useCommodityTypes();
  const save = useSaveProduct();
  const [form] = Form.useForm<SavePledgeProductRequest>();
  const rule = (field: string, pattern: RegExp) => [
    { required: true, whitespace: true, message: t('pledge.required', { field: t(`pledge.fields.${field}` as 'pledge.fields.ltv') }) },
    { pattern, message: t('pledge.invalid', { field: t(`pledge.fields.${field}` as 'pledge.fields.ltv') }) },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form form={form} layout="inline" initialValues={{ terms: ['30', '90'], marginCallDays: 3 }} onFinish={(values) => void save.mutateAsync(values).then(() => void message.success(t('pledge.done')))}>
        <Form.Item name="factorId" label={t('pledge.fields.funder')} rules={[{ required: true, message: t('pledge.required', { field: t('pledge.fields.funder') }) }]}>
          <Select style={{ width: 160 }} data-testid="product-funder" options={(funders.data?.funders ?? []).map((f) => ({ value: f.factorId, label: f.name }))} />
        </Form.Item>
        <Form.Item name="commodityTypeId" label={t('pledge.fields.commodity')} rules={[{ required: true, message: t('pledge.required', { field: t('pledge.fields.commodity') }) }]}>
          <Select style={{ width: 140 }} data-testid="product-commodity" options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))} />
        </Form.Item>
        <Form.Item name="ltv" label={t('pledge.fields.ltv')} rules={rule('ltv', SHARE)}>
          <Input style={{ width: 80 }} data-testid="product-ltv" />
        </Form.Item>
        <Form.Item name="annualRate" label={t('pledge.fields.annualRate')} rules={rule('annualRate', SHARE)}>
          <Input style={{ width: 80 }} data-testid="product-annualRate" />
        </Form.Item>
        <Form.Item name="penaltyRate" label={t('pledge.fields.penaltyRate')} rules={rule('penaltyRate', SHARE)}>
          <Input style={{ width: 80 }} data-testid="product-penaltyRate" />
        </Form.Item>
        <Form.Item name="maintenanceRatio" label={t('pledge.fields.maintenanceRatio')} rules={rule('maintenanceRatio', SHARE)}>
          <Input style={{ width: 80 }} data-testid="product-maintenanceRatio" />
        </Form.Item>
        <Form.Item name="referencePrice" label={t('pledge.fields.referencePrice')} rules={rule('referencePrice', AMOUNT)}>
          <Input style={{ width: 110 }} data-testid="product-referencePrice" />
        </Form.Item>
        <Form.Item name="terms" label={t('pledge.fields.terms')} rules={[{ required: true, message: t('pledge.required', { field: t('pledge.fields.terms') }) }]}>
          <Checkbox.Group options={PAYBACK_TERMS.map((d) => ({ value: d, label: d }))} />
        </Form.Item>
        <Form.Item name="marginCallDays" label={t('pledge.fields.marginCallDays')}>
          <InputNumber min={1} max={30} precision={0} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="product-save">
          {t('pledge.save')}
        </Button>
      </Form>
      <Table<PledgeProduct>
        size="small"
        rowKey="productId"
        loading={products.isPending}
        dataSource={products.data?.products ?? []}
        pagination={{ pageSize: PAGE_SIZE }}
        onRow={(p) => ({ onClick: () => form.setFieldsValue({ ...p }) })}
        columns={[
          { title: t('pledge.fields.funder'), dataIndex: 'funderName' },
          { title: t('pledge.fields.commodity'), dataIndex: 'commodityName' },
          { title: t('pledge.fields.ltv'), dataIndex: 'ltv' },
          { title: t('pledge.fields.annualRate'), dataIndex: 'annualRate' },
          { title: t('pledge.fields.penaltyRate'), dataIndex: 'penaltyRate' },
          { title: t('pledge.fields.maintenanceRatio'), dataIndex: 'maintenanceRatio' },
          { title: t('pledge.fields.referencePrice'), render: (_, p) => formatMoney(p.referencePrice) },
          { title: t('pledge.fields.terms'), render: (_, p) => p.terms.join(' / ') },
        ]}
      />
    </Space>
  );
}

/** `/pledge`: the warehouse's confirmations, the overdue monitor, every loan, funder set-up and products. */
export function PledgeAdminPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('pledge.title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'warehouse', label: <span data-testid="pledge-tab-warehouse">{t('pledge.tabs.warehouse')}</span>, children: <LoansTab view="warehouse" /> },
          { key: 'overdue', label: <span data-testid="pledge-tab-overdue">{t('pledge.tabs.overdue')}</span>, children: <LoansTab view="overdue" /> },
          { key: 'all', label: <span data-testid="pledge-tab-all">{t('pledge.tabs.all')}</span>, children: <LoansTab view="all" /> },
          { key: 'funders', label: <span data-testid="pledge-tab-funders">{t('pledge.tabs.funders')}</span>, children: <FundersTab /> },
          { key: 'products', label: <span data-testid="pledge-tab-products">{t('pledge.tabs.products')}</span>, children: <ProductsTab /> },
        ]}
      />
    </PageCard>
  );
}

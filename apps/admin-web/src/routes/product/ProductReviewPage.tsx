import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Card, Empty, Image, Input, Modal, Popconfirm, Result, Select, Skeleton, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@tp/decimal';
import { ProductStatus, type AdminProduct, type AdminProductListRequest } from '@tp/contract';
import { loadStaffImage, useAdminProducts, useAuditProduct, useForceOffShelf, useProductCommodityTypes } from '../../api/product';

const SIZE = 10;
const STATUS_COLOURS: Record<ProductStatus, string> = { D: 'default', W: 'processing', T: 'success', F: 'error', O: 'warning' };

function Loaded({ query, empty, children }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown }; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('product.loadFailed')}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="product-retry">
            {t('product.retry')}
          </Button>
        }
      />
    );
  if (empty) return <Empty description={t('product.empty')} data-testid="product-empty" />;
  return <>{children}</>;
}

/** One picture through the staff file addresses (session headers), as a blob. */
function Thumb({ thumbUrl, url, alt }: { thumbUrl: string; url: string; alt: string }) {
  const [src, setSrc] = useState<string>();
  const [full, setFull] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    loadStaffImage(thumbUrl, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [thumbUrl]);
  if (!src) return <Skeleton.Image active style={{ width: 48, height: 48 }} />;
  return (
    <Image
      src={src}
      width={48}
      alt={alt}
      data-testid="admin-product-image"
      preview={{
        src: full ?? src,
        onOpenChange: (open) => {
          if (open && !full) void loadStaffImage(url).then((blob) => setFull(URL.createObjectURL(blob)));
        },
      }}
    />
  );
}

/** Asks why before refusing: the reason is required and the seller reads it. */
function ReasonButton({ label, testId, onSubmit }: { label: string; testId: string; onSubmit: (reason: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  function submit() {
    if (reason.trim().length < 2) {
      setError(t('product.reasonRequired'));
      return;
    }
    setBusy(true);
    onSubmit(reason.trim())
      .then(() => {
        setOpen(false);
        setReason('');
        setError('');
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  }
  return (
    <>
      <Button size="small" danger data-testid={testId} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal open={open} title={label} onCancel={() => setOpen(false)} onOk={submit} confirmLoading={busy} okButtonProps={{ danger: true, 'data-testid': `${testId}-ok` }}>
        <Input.TextArea
          rows={3}
          maxLength={200}
          showCount
          value={reason}
          status={error ? 'error' : undefined}
          placeholder={t('product.reasonPlaceholder')}
          onChange={(e) => setReason(e.target.value)}
          data-testid={`${testId}-reason`}
        />
        {error ? <div style={{ color: '#ff4d4f' }}>{error}</div> : null}
      </Modal>
    </>
  );
}

function ProductsTable({ queue }: { queue: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const types = useProductCommodityTypes();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<ProductStatus>();
  const [commodityTypeId, setCommodityTypeId] = useState<string>();
  const [keyword, setKeyword] = useState<string>();
  const [firmId, setFirmId] = useState<string>();
  const request: AdminProductListRequest = { status: queue ? 'W' : status, commodityTypeId, keyword, firmId, page, size: SIZE };
  const products = useAdminProducts(request);
  const audit = useAuditProduct();
  const offShelf = useForceOffShelf();
  const done = () => void message.success(t('product.done'));
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(0);
    };
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {!queue && (
          <Select
            allowClear
            placeholder={t('product.filters.allStatuses')}
            style={{ width: 150 }}
            value={status}
            onChange={filter(setStatus)}
            data-testid="admin-product-filter-status"
            options={ProductStatus.map((s) => ({ value: s, label: t(`product.status.${s}`) }))}
          />
        )}
        <Select
          allowClear
          placeholder={t('product.filters.allCommodities')}
          style={{ width: 150 }}
          value={commodityTypeId}
          onChange={filter(setCommodityTypeId)}
          options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))}
        />
        <Input.Search
          allowClear
          placeholder={t('product.filters.keyword')}
          style={{ width: 260 }}
          maxLength={40}
          onSearch={(v) => filter(setKeyword)(v.trim() || undefined)}
          data-testid={`admin-product-keyword-${queue ? 'queue' : 'all'}`}
        />
        <Input.Search allowClear placeholder={t('product.filters.firmId')} style={{ width: 160 }} onSearch={(v) => filter(setFirmId)(/^\d{1,18}$/.test(v.trim()) ? v.trim() : undefined)} />
      </Space>
      <Loaded query={products} empty={products.data?.total === 0}>
        <Table<AdminProduct>
          rowKey="productId"
          size="small"
          scroll={{ x: true }}
          dataSource={products.data?.content ?? []}
          pagination={{ current: page + 1, pageSize: SIZE, total: products.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
          onRow={(row) => ({ 'data-testid': `admin-product-${row.productId}`, 'data-status': row.status }) as object}
          columns={[
            { title: t('product.fields.productId'), dataIndex: 'productId' },
            { title: t('product.fields.firmId'), dataIndex: 'firmId' },
            { title: t('product.fields.shop'), dataIndex: 'shopName' },
            { title: t('product.fields.name'), dataIndex: 'name' },
            {
              title: t('product.fields.images'),
              render: (_, r) => (
                <Space size={4}>
                  {r.images.map((img) => (
                    <Thumb key={img.thumbUrl} thumbUrl={img.thumbUrl} url={img.url} alt={r.name} />
                  ))}
                </Space>
              ),
            },
            { title: t('product.fields.commodity'), render: (_, r) => `${r.commodityName} · ${r.specification}` },
            { title: t('product.fields.price'), render: (_, r) => `${formatAmount(r.price, 2, { thousands: true })} / ${r.unit}` },
            { title: t('product.fields.stock'), dataIndex: 'stock' },
            { title: t('product.fields.sold'), dataIndex: 'sold' },
            { title: t('product.fields.description'), render: (_, r) => <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ maxWidth: 240, margin: 0 }}>{r.description}</Typography.Paragraph> },
            {
              title: t('product.fields.status'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATUS_COLOURS[r.status]} data-testid="admin-product-status">
                    {t(`product.status.${r.status}`)}
                  </Tag>
                  {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
                </Space>
              ),
            },
            { title: t('product.fields.auditedBy'), dataIndex: 'auditedBy' },
            { title: t('product.fields.updatedAt'), render: (_, r) => new Date(r.updatedAt).toLocaleString() },
            {
              title: t('product.fields.actions'),
              render: (_, r) => (
                <Space>
                  {r.status === 'W' && (
                    <>
                      <Popconfirm title={t('product.confirm.approve')} onConfirm={() => audit.mutate({ productId: r.productId, pass: true }, { onSuccess: done })} okButtonProps={{ 'data-testid': 'product-approve-ok' }}>
                        <Button size="small" type="primary" data-testid="product-approve">
                          {t('product.actions.approve')}
                        </Button>
                      </Popconfirm>
                      <ReasonButton label={t('product.actions.reject')} testId="product-reject" onSubmit={(reason) => audit.mutateAsync({ productId: r.productId, pass: false, reason }).then(done)} />
                    </>
                  )}
                  {r.status === 'T' && <ReasonButton label={t('product.actions.offShelf')} testId="product-offshelf" onSubmit={(reason) => offShelf.mutateAsync({ productId: r.productId, reason }).then(done)} />}
                </Space>
              ),
            },
          ]}
        />
      </Loaded>
    </>
  );
}

/** Back office: the product audit queue (approve, or reject with a reason) and every product, where ones on sale can be forced off the shelf. */
export function ProductReviewPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('product.title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'queue', label: <span data-testid="product-tab-queue">{t('product.tabs.queue')}</span>, children: <ProductsTable queue /> },
          { key: 'all', label: <span data-testid="product-tab-all">{t('product.tabs.all')}</span>, children: <ProductsTable queue={false} /> },
        ]}
      />
    </Card>
  );
}

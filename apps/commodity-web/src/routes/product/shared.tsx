import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Empty, Image, Result, Skeleton, Space, Tag, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@tp/web-kit';
import { formatAmount, toChineseUppercase } from '@tp/decimal';
import { PRODUCT_MAX_IMAGES, type ProductOrderStatus, type ProductStatus } from '@tp/contract';
import { loadProductImage, useUploadProductImage } from '../../api/product';

export const SIZE = 10;

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Loading, failed (with retry) or empty; otherwise the page's content. */
export function Loaded({ query, empty, emptyText, children }: { query: QueryLike; empty?: boolean | undefined; emptyText?: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
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
  if (empty) return <Empty description={emptyText ?? t('product.empty')} data-testid="product-empty" />;
  return <>{children}</>;
}

export function ProductCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      title={
        <h1 className="result-heading" data-testid="page-heading">
          {title}
        </h1>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

export const pagination = (page: number, size: number, total: number, onChange: (page: number) => void) => ({
  current: page + 1,
  pageSize: size,
  total,
  showSizeChanger: false,
  onChange: (next: number) => onChange(next - 1),
});

/** Money as shown: thousands grouped, two decimals, truncated. */
export const money = (value: string) => formatAmount(value, 2, { thousands: true });

const STATUS_COLOURS: Record<ProductStatus, string> = { D: 'default', W: 'processing', T: 'success', F: 'error', O: 'warning' };
const ORDER_COLOURS: Record<ProductOrderStatus, string> = { W: 'orange', S: 'blue', T: 'green', U: 'default' };

export function StatusTag({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="product-status" data-status={status}>
      {t(`product.status.${status}`)}
    </Tag>
  );
}

export function OrderStatusTag({ status }: { status: ProductOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={ORDER_COLOURS[status]} data-testid="order-status" data-status={status}>
      {t(`product.orderStatus.${status}`)}
    </Tag>
  );
}

/** The exact amount of a money move, with its uppercase Chinese form, for the confirmation dialog. */
export function AmountConfirm({ amount, children }: { amount: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div data-testid="confirm-amount" data-amount={amount}>
      {children}
      <p style={{ fontSize: 18, fontWeight: 600 }}>¥{money(amount)}</p>
      <p data-testid="confirm-uppercase">{t('product.confirm.uppercase', { amount: toChineseUppercase(amount) })}</p>
    </div>
  );
}

/** A picture read through the API (with the session when there is one) and shown from a blob; the thumbnail opens the full image. */
export function ProductImage({ thumbUrl, url, alt, width = 120 }: { thumbUrl: string | null | undefined; url?: string | undefined; alt: string; width?: number }) {
  const [thumb, setThumb] = useState<string>();
  const [full, setFull] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!thumbUrl) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    loadProductImage(thumbUrl, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setThumb(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [thumbUrl]);
  if (!thumbUrl || failed) return <div style={{ width, height: width * 0.66, background: '#f5f5f5' }} />;
  if (!thumb) return <Skeleton.Image active style={{ width, height: width * 0.66 }} />;
  return (
    <Image
      src={thumb}
      alt={alt}
      width={width}
      data-testid="product-image"
      preview={{
        src: full ?? thumb,
        onOpenChange: (open) => {
          if (open && !full && url) void loadProductImage(url).then((blob) => setFull(URL.createObjectURL(blob)));
        },
      }}
    />
  );
}

/** What the browser checks before sending; the server sniffs and re-encodes it again. */
const ACCEPT = ['image/jpeg', 'image/png'];
const MAX_BYTES = 3 * 1024 * 1024;

/** Uploads one picture, answering its upload id, or reports why it was refused. */
function useSendImage(onError: (message: string) => void) {
  const { t } = useTranslation();
  const upload = useUploadProductImage();
  const send = async (file: File): Promise<string | undefined> => {
    if (!ACCEPT.includes(file.type) || file.size > MAX_BYTES) {
      onError(t('product.rules.image'));
      return undefined;
    }
    try {
      return (await upload.mutateAsync(file)).id;
    } catch (error) {
      onError(isApiError(error) ? (error.fields[0]?.message ?? error.message) : t('product.loadFailed'));
      return undefined;
    }
  };
  return { send, pending: upload.isPending };
}

/** The product's 1–5 pictures as upload ids; existing ones are shown by their product addresses. */
export function ImagesField({
  value = [],
  onChange,
  existing = {},
  onError,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Upload id → thumbnail address, for pictures already on the product. */
  existing?: Record<string, string>;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { send, pending } = useSendImage(onError);
  const [local, setLocal] = useState<Record<string, string>>({});
  return (
    <Space wrap data-testid="field-images">
      {value.map((id) => (
        <div key={id} style={{ textAlign: 'center' }} data-testid="field-images-item">
          {local[id] ? <img src={local[id]} alt="" style={{ width: 96, height: 96, objectFit: 'cover' }} /> : <ProductImage thumbUrl={existing[id]} alt="" width={96} />}
          <div>
            <Button size="small" type="link" danger onClick={() => onChange?.(value.filter((v) => v !== id))}>
              {t('product.actions.remove')}
            </Button>
          </div>
        </div>
      ))}
      {value.length < PRODUCT_MAX_IMAGES && (
        <Upload
          listType="picture-card"
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          disabled={pending}
          beforeUpload={(file) => {
            void send(file).then((id) => {
              if (!id) return;
              setLocal((m) => ({ ...m, [id]: URL.createObjectURL(file) }));
              onChange?.([...value, id]);
            });
            return false;
          }}
        >
          <div data-testid="field-images-add">
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('product.actions.upload')}</div>
          </div>
        </Upload>
      )}
    </Space>
  );
}

/** The shop logo: one picture as an upload id, or empty. */
export function LogoField({ value, onChange, preview, onError }: { value?: string; onChange?: (id: string) => void; preview?: string | null; onError: (message: string) => void }) {
  const { t } = useTranslation();
  const { send, pending } = useSendImage(onError);
  const [local, setLocal] = useState<string>();
  return (
    <Space>
      <Upload
        listType="picture-card"
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        disabled={pending}
        beforeUpload={(file) => {
          void send(file).then((id) => {
            if (!id) return;
            setLocal(URL.createObjectURL(file));
            onChange?.(id);
          });
          return false;
        }}
      >
        <div data-testid="field-logo">
          {value && local ? (
            <img src={local} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : value && preview ? (
            <ProductImage thumbUrl={preview} alt="" width={96} />
          ) : (
            <>
              <PlusOutlined />
              <div style={{ marginTop: 8 }}>{t('product.actions.upload')}</div>
            </>
          )}
        </div>
      </Upload>
      {value && (
        <Button size="small" onClick={() => onChange?.('')}>
          {t('product.actions.remove')}
        </Button>
      )}
    </Space>
  );
}


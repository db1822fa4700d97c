import { useState, type ReactNode } from 'react';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toChineseUppercase } from '@tp/decimal';
import { PRODUCT_MAX_IMAGES, ProductOrderStatus, type ProductOrder, type ProductStatus } from '@tp/contract';
import { useUploadProductImage } from '../../api/product';
import { PictureUpload, UploadPrompt, loadBlob } from '../../layout/images';
import { BlobImage, formatMoney } from '@tp/web-kit';
import { SectionCard, pagination } from '../../layout/SectionPage';

export const SIZE = 10;


export const ProductCard = SectionCard;
export { pagination };

/** Money as shown: thousands grouped, two decimals, truncated. */
export const money = (value: string) => formatMoney(value);

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

/** An order's status as both sides read it: a cancelled order also says who cancelled, and the seller's reason. */
export function OrderStatusCell({ order }: { order: ProductOrder }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={0}>
      <OrderStatusTag status={order.status} />
      {order.status === 'U' && order.cancelledBy && (
        <Typography.Text type="secondary" data-testid="order-cancelled-by" data-by={order.cancelledBy}>
          {t(`product.cancelledBy.${order.cancelledBy}`)}
        </Typography.Text>
      )}
      {order.status === 'U' && order.cancelReason && (
        <Typography.Text type="danger" data-testid="order-cancel-reason" style={{ whiteSpace: 'pre-wrap' }}>
          {t('product.cancelReasonLabel', { reason: order.cancelReason })}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Where an order goes: the recipient as the buyer's address book had it at checkout. */
export function ConsigneeText({ consignee }: { consignee: ProductOrder['consignee'] }) {
  if (!consignee) return <span data-testid="order-consignee">—</span>;
  return (
    <Space direction="vertical" size={0} data-testid="order-consignee">
      <span>{`${consignee.recipients} ${consignee.recipientsCellphone}`}</span>
      <Typography.Text type="secondary">{`${consignee.region} ${consignee.addressName}${consignee.postCode ? ` (${consignee.postCode})` : ''}`}</Typography.Text>
    </Space>
  );
}

/** An order list's status filter; clearing it shows every status. */
export function OrderStatusSelect({ value, onChange, testId }: { value: ProductOrderStatus | undefined; onChange: (status: ProductOrderStatus | undefined) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Select
      allowClear
      placeholder={t('product.filters.allStatuses')}
      style={{ width: 160, marginBottom: 16 }}
      value={value}
      data-testid={testId}
      onChange={onChange}
      options={ProductOrderStatus.map((s) => ({ value: s, label: t(`product.orderStatus.${s}`) }))}
    />
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

/** A product picture or shop logo; a grey box keeps the layout when there is none. */
export function ProductImage({ thumbUrl, url, alt, width = 120 }: { thumbUrl: string | null | undefined; url?: string | undefined; alt: string; width?: number }) {
  return <BlobImage load={loadBlob} thumbUrl={thumbUrl} url={url} alt={alt} width={width} testId="product-image" fallback={<div style={{ width, height: width * 0.66, background: '#f5f5f5' }} />} />;
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
  const upload = useUploadProductImage();
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
        <PictureUpload
          section="product"
          upload={upload}
          onError={onError}
          onUploaded={(id, preview) => {
            setLocal((m) => ({ ...m, [id]: preview }));
            onChange?.([...value, id]);
          }}
        >
          <div data-testid="field-images-add">
            <UploadPrompt label={t('product.actions.upload')} />
          </div>
        </PictureUpload>
      )}
    </Space>
  );
}

/** The shop logo: one picture as an upload id, or empty. */
export function LogoField({ value, onChange, preview, onError }: { value?: string; onChange?: (id: string) => void; preview?: string | null; onError: (message: string) => void }) {
  const { t } = useTranslation();
  const upload = useUploadProductImage();
  const [local, setLocal] = useState<string>();
  return (
    <Space>
      <PictureUpload
        section="product"
        upload={upload}
        onError={onError}
        onUploaded={(id, preview) => {
          setLocal(preview);
          onChange?.(id);
        }}
      >
        <div data-testid="field-logo">
          {value && local ? (
            <img src={local} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : value && preview ? (
            <ProductImage thumbUrl={preview} alt="" width={96} />
          ) : (
            <UploadPrompt label={t('product.actions.upload')} />
          )}
        </div>
      </PictureUpload>
      {value && (
        <Button size="small" onClick={() => onChange?.('')}>
          {t('product.actions.remove')}
        </Button>
      )}
    </Space>
  );
}


import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Empty, Image, Result, Skeleton, Tag, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@tp/web-kit';
import { SUPPLY_PHONE_PATTERN, SUPPLY_PRICE_PATTERN, SUPPLY_WEIGHT_PATTERN, type SupplyKind, type SupplyNote, type SupplyStatus } from '@tp/contract';
import { loadNoteImage, useUploadNoteImage } from '../../api/supply';

export const SIZE = 10;

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Loading, failed (with retry) or empty; otherwise the page's content. */
export function Loaded({ query, empty, children }: { query: QueryLike; empty?: boolean | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('supply.loadFailed')}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="supply-retry">
            {t('supply.retry')}
          </Button>
        }
      />
    );
  if (empty) return <Empty description={t('supply.empty')} data-testid="supply-empty" />;
  return <>{children}</>;
}

export function SupplyCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
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

const STATUS_COLOURS: Record<SupplyStatus, string> = { W: 'processing', U: 'default', T: 'success', F: 'error', D: 'warning' };

export function StatusTag({ status }: { status: SupplyStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="note-status">
      {t(`supply.status.${status}`)}
    </Tag>
  );
}

export function KindTag({ kind }: { kind: SupplyKind }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'supply' ? 'blue' : 'orange'}>{t(`supply.kindShort.${kind}`)}</Tag>;
}

/** "3650.50 元/吨", or negotiable. */
export function usePriceText() {
  const { t } = useTranslation();
  return (note: Pick<SupplyNote, 'price' | 'unit'>) => (note.price === null ? t('supply.negotiable') : t('supply.pricePer', { price: note.price, unit: note.unit }));
}

/** A note's picture, fetched (with the session when there is one) and shown from a blob; the thumbnail opens the full image. */
export function NoteImage({ note, width = 120 }: { note: Pick<SupplyNote, 'thumbUrl' | 'imageUrl' | 'title'>; width?: number }) {
  const [thumb, setThumb] = useState<string>();
  const [full, setFull] = useState<string>();
  const [failed, setFailed] = useState(false);
  const { thumbUrl, imageUrl } = note;
  useEffect(() => {
    if (!thumbUrl) return;
    const controller = new AbortController();
    let url: string | undefined;
    loadNoteImage(thumbUrl, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setThumb(url);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [thumbUrl]);
  if (!thumbUrl || failed) return null;
  if (!thumb) return <Skeleton.Image active style={{ width, height: width * 0.66 }} />;
  return (
    <Image
      src={thumb}
      alt={note.title}
      width={width}
      data-testid="note-image"
      preview={{
        src: full ?? thumb,
        onOpenChange: (open) => {
          if (open && !full && imageUrl) void loadNoteImage(imageUrl).then((blob) => setFull(URL.createObjectURL(blob)));
        },
      }}
    />
  );
}

/** What the browser checks before sending; the server sniffs and re-encodes it again. */
const ACCEPT = ['image/jpeg', 'image/png'];
const MAX_BYTES = 3 * 1024 * 1024;

/** The form's picture: picked, checked, uploaded; the form keeps the upload id. */
export function ImageField({ value, onChange, preview, onError }: { value?: string; onChange?: (id: string) => void; preview?: ReactNode; onError: (message: string) => void }) {
  const { t } = useTranslation();
  const upload = useUploadNoteImage();
  const [local, setLocal] = useState<string>();
  async function send(file: File) {
    if (!ACCEPT.includes(file.type) || file.size > MAX_BYTES) {
      onError(t('supply.rules.image'));
      return;
    }
    try {
      const stored = await upload.mutateAsync(file);
      setLocal(URL.createObjectURL(file));
      onChange?.(stored.id);
    } catch (error) {
      onError(isApiError(error) ? (error.fields[0]?.message ?? error.message) : t('supply.loadFailed'));
    }
  }
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Upload
        listType="picture-card"
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
        data-testid="field-img"
      >
        {value && local ? (
          <img src={local} alt="" data-testid="field-img-preview" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : value && preview ? (
          preview
        ) : (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('supply.actions.upload')}</div>
          </div>
        )}
      </Upload>
      {value && (
        <Button
          size="small"
          onClick={() => {
            setLocal(undefined);
            onChange?.('');
          }}
        >
          {t('supply.actions.removeImage')}
        </Button>
      )}
    </div>
  );
}

type RuleField = 'title' | 'commodityName' | 'price' | 'weight' | 'weightUnit' | 'address' | 'companyName' | 'contactsName' | 'contactsPhone' | 'description';

const MAX_LENGTHS: Partial<Record<RuleField, number>> = { title: 60, commodityName: 40, weightUnit: 10, address: 120, companyName: 60, contactsName: 20, description: 1000 };

/** The server's rules, with translated messages that name the field. */
export function useNoteRules() {
  const { t } = useTranslation();
  return (field: RuleField, required = true) => {
    const label = t(`supply.fields.${field}`);
    const rules: object[] = [];
    if (required) rules.push({ required: true, whitespace: true, message: t('supply.rules.required', { field: label }) });
    const max = MAX_LENGTHS[field];
    if (max !== undefined) rules.push({ max, message: t('supply.rules.max', { field: label, max }) });
    const pattern = field === 'price' ? SUPPLY_PRICE_PATTERN : field === 'weight' ? SUPPLY_WEIGHT_PATTERN : field === 'contactsPhone' ? SUPPLY_PHONE_PATTERN : null;
    if (pattern) {
      const message = t(field === 'price' ? 'supply.rules.price' : field === 'weight' ? 'supply.rules.weight' : 'supply.rules.phone', { field: label });
      rules.push({
        validator: (_: unknown, v: string | undefined) => {
          if (!v) return Promise.resolve();
          const positive = field === 'contactsPhone' || /[1-9]/.test(v);
          return pattern.test(v.trim()) && positive ? Promise.resolve() : Promise.reject(new Error(message));
        },
      });
    }
    return rules;
  };
}

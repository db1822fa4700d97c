import { useState, type ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUPPLY_PHONE_PATTERN, SUPPLY_PRICE_PATTERN, SUPPLY_WEIGHT_PATTERN, type SupplyKind, type SupplyNote, type SupplyStatus } from '@tp/contract';
import { useUploadNoteImage } from '../../api/supply';
import { PictureUpload, UploadPrompt, loadBlob } from '../../layout/images';
import { BlobImage } from '@tp/web-kit';
import { SectionCard, pagination } from '../../layout/SectionPage';

export const SIZE = 10;


export const SupplyCard = SectionCard;
export { pagination };

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

/** A note's picture; nothing when the note has none. */
export function NoteImage({ note, width = 120 }: { note: Pick<SupplyNote, 'thumbUrl' | 'imageUrl' | 'title'>; width?: number }) {
  return <BlobImage load={loadBlob} thumbUrl={note.thumbUrl} url={note.imageUrl} alt={note.title} width={width} testId="note-image" />;
}

/** The form's picture: picked, checked, uploaded; the form keeps the upload id. */
export function ImageField({ value, onChange, preview, onError }: { value?: string; onChange?: (id: string) => void; preview?: ReactNode; onError: (message: string) => void }) {
  const { t } = useTranslation();
  const upload = useUploadNoteImage();
  const [local, setLocal] = useState<string>();
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <PictureUpload
        section="supply"
        upload={upload}
        onError={onError}
        onUploaded={(id, preview) => {
          setLocal(preview);
          onChange?.(id);
        }}
        testId="field-img"
      >
        {value && local ? (
          <img src={local} alt="" data-testid="field-img-preview" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : value && preview ? (
          preview
        ) : (
          <div>
            <UploadPrompt label={t('supply.actions.upload')} />
          </div>
        )}
      </PictureUpload>
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

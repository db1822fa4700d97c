import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UploadPath, isUploadableImage, type UploadedFile } from '@tp/contract';
import { ImagePicker, isApiError } from '@tp/web-kit';
import { AuthedImage } from './AuthedImage';

export interface PhotoFieldProps {
  /** The upload id the form keeps. */
  value?: string;
  onChange?: (id: string | undefined) => void;
  label: string;
  upload: (file: Blob) => Promise<UploadedFile>;
  /** Tells the form item what went wrong (a refused type or size, in the field's words). */
  onError: (message: string) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/** One photo: picked, checked, uploaded (re-encoded by the server), previewed from its thumbnail. */
export function PhotoField({ value, onChange, label, upload, onError, disabled, ...rest }: PhotoFieldProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string>();
  const [loading, setLoading] = useState(false);

  async function send(file: File) {
    // Checked here before sending; the server sniffs the content again.
    if (!isUploadableImage(file)) {
      onError(`${label}：${t('enterprise.auth.photoRule')}`);
      return;
    }
    setLoading(true);
    try {
      const uploaded = await upload(file);
      setPreview(URL.createObjectURL(file));
      onChange?.(uploaded.id);
    } catch (error) {
      onError(isApiError(error) ? (error.fields[0]?.message ?? error.message) : t('enterprise.common.loadFailed'));
    } finally {
      setLoading(false);
    }
  }

  const stored = value && !preview;
  return (
    <ImagePicker listType="picture-card" disabled={disabled || loading} onPick={send} data-testid={rest['data-testid']}>
      {stored ? (
        <div onClick={(e) => disabled && e.stopPropagation()}>
          <AuthedImage thumbPath={UploadPath.thumb.replace(':id', value)} fullPath={UploadPath.file.replace(':id', value)} alt={label} width={96} />
        </div>
      ) : value && preview ? (
        <img src={preview} alt={label} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{loading ? t('enterprise.auth.uploading') : label}</div>
        </div>
      )}
    </ImagePicker>
  );
}

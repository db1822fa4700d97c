import { useState } from 'react';
import { App, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../api/verification';

/** What the browser checks before sending; the server sniffs the content again. */
const ACCEPT = ['image/jpeg', 'image/png'];
const MAX_BYTES = 3 * 1024 * 1024;

export interface PhotoUploadProps {
  value?: string;
  onChange?: (id: string | undefined) => void;
  label: string;
  'data-testid'?: string;
}

/** One ID photo: picked, checked (JPG or PNG under 3 MB), uploaded, previewed; the form keeps its upload id. */
export function PhotoUpload({ value, onChange, label, ...rest }: PhotoUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [preview, setPreview] = useState<string>();
  const [loading, setLoading] = useState(false);

  async function send(file: File) {
    if (!ACCEPT.includes(file.type) || file.size >= MAX_BYTES) {
      void message.error(t('verify.photoRule'));
      return;
    }
    setLoading(true);
    try {
      const uploaded = await uploadImage(file);
      setPreview(URL.createObjectURL(file));
      onChange?.(uploaded.id);
    } catch {
      onChange?.(undefined);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Upload
      listType="picture-card"
      accept=".jpg,.jpeg,.png"
      showUploadList={false}
      beforeUpload={(file) => {
        void send(file);
        return false;
      }}
      data-testid={rest['data-testid']}
    >
      {value && preview ? (
        <img src={preview} alt={label} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{loading ? t('verify.uploading') : label}</div>
        </div>
      )}
    </Upload>
  );
}

import { useState } from 'react';
import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadOtcImage } from '../../../api/otc';

/** What the browser checks before sending; the server sniffs the content again. */
const ACCEPT = ['image/jpeg', 'image/png'];
const MAX_BYTES = 3 * 1024 * 1024;

/** Picks a JPG or PNG under 3 MB, uploads it and hands its id on. */
export function ImageUpload({ onUploaded, label, testId }: { onUploaded: (id: string) => void; label: string; testId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);

  async function send(file: File) {
    if (!ACCEPT.includes(file.type) || file.size >= MAX_BYTES) {
      void message.error(t('fiat.imageRule'));
      return;
    }
    setLoading(true);
    try {
      onUploaded((await uploadOtcImage(file)).id);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Upload
      accept=".jpg,.jpeg,.png"
      showUploadList={false}
      beforeUpload={(file) => {
        void send(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={loading} data-testid={testId}>
        {label}
      </Button>
    </Upload>
  );
}

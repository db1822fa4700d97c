import { useState } from 'react';
import { App, Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isUploadableImage } from '@tp/contract';
import { ImagePicker } from '@tp/web-kit';
import { uploadOtcImage } from '../../../api/otc';

/** Picks a JPG or PNG of at most 3 MB, uploads it and hands its id on; the server sniffs the content again. */
export function ImageUpload({ onUploaded, label, testId }: { onUploaded: (id: string) => void; label: string; testId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);

  async function send(file: File) {
    if (!isUploadableImage(file)) {
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
    <ImagePicker onPick={send}>
      <Button icon={<UploadOutlined />} loading={loading} data-testid={testId}>
        {label}
      </Button>
    </ImagePicker>
  );
}

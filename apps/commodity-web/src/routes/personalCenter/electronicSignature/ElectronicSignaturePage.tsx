import { useState } from 'react';
import { Alert, App, Button, Descriptions, Empty, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isUploadableImage } from '@tp/contract';
import { ImagePicker, QueryStates, isApiError } from '@tp/web-kit';
import { useSeal, useUploadSeal } from '../../../api/enterprise';
import { AuthedImage } from '../shared/AuthedImage';
import { guardedPage, PERSONAL_QUERY } from '../shared/PageGuard';
import { PersonalCard } from '../shared/RecordList';
import { usePersonalAccess } from '../shared/usePersonalAccess';

function SealCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const seal = useSeal();
  const uploadSeal = useUploadSeal();
  const access = usePersonalAccess();
  const [error, setError] = useState('');
  const mayChange = access.has('enterprise.seal');

  async function send(file: File) {
    setError('');
    if (!isUploadableImage(file)) {
      setError(`${t('enterprise.menu.electronicSignature')}：${t('enterprise.auth.photoRule')}`);
      return;
    }
    try {
      await uploadSeal.mutateAsync(file);
      void message.success(t('enterprise.seal.uploaded'));
    } catch (err) {
      if (isApiError(err)) setError(err.fields[0]?.message ?? err.message);
    }
  }

  return (
    <PersonalCard menu="electronicSignature">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('enterprise.seal.intro')} />
      <QueryStates {...PERSONAL_QUERY} query={seal}>
        <Space orientation="vertical" size={16}>
          {seal.data ? (
            <>
              <AuthedImage key={seal.data.uploadId} thumbPath={seal.data.thumbUrl} fullPath={seal.data.url} alt={t('enterprise.menu.electronicSignature')} width={200} />
              <Descriptions column={1} items={[{ key: 'updatedAt', label: t('enterprise.seal.updatedAt'), children: new Date(seal.data.updatedAt).toLocaleString() }]} />
            </>
          ) : (
            <Empty description={t('enterprise.seal.none')} data-testid="seal-empty" />
          )}
          {mayChange ? (
            <ImagePicker onPick={send}>
              <Button icon={<UploadOutlined />} loading={uploadSeal.isPending} data-testid="seal-upload">
                {seal.data ? t('enterprise.seal.replace') : t('enterprise.seal.upload')}
              </Button>
            </ImagePicker>
          ) : null}
          <span style={{ color: '#8c8c8c' }}>{t('enterprise.auth.photoRule')}</span>
          {error ? <Alert type="error" showIcon message={error} data-testid="seal-error" /> : null}
        </Space>
      </QueryStates>
    </PersonalCard>
  );
}

/** `/personalCenter/electronicSignature`: the firm's signature seal image, stamped on contracts. */
export const ElectronicSignaturePage = guardedPage('electronicSignature', SealCard);

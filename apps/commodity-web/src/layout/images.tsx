import type { ReactNode } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isUploadableImage } from '@tp/contract';
import { ImagePicker, isApiError, type BlobLoader } from '@tp/web-kit';
import { api } from '../api/client';

/** Reads an uploaded file with the session when there is one; stable, so image effects do not refetch. */
export const loadBlob: BlobLoader = (path, signal) => api.blob(path, signal ? { signal } : undefined);

/**
 * Uploads one picture through the section's upload mutation, answering its upload id, or reports
 * why it was refused: the browser's own check first, then the server's message naming the field.
 */
function useSendImage(section: 'product' | 'supply', upload: { mutateAsync: (file: File) => Promise<{ id: string }>; isPending: boolean }, onError: (message: string) => void) {
  const { t } = useTranslation();
  const send = async (file: File): Promise<string | undefined> => {
    // Checked here before sending; the server sniffs and re-encodes it again.
    if (!isUploadableImage(file)) {
      onError(t(`${section}.rules.image`));
      return undefined;
    }
    try {
      return (await upload.mutateAsync(file)).id;
    } catch (error) {
      onError(isApiError(error) ? (error.fields[0]?.message ?? error.message) : t(`${section}.loadFailed`));
      return undefined;
    }
  };
  return { send, pending: upload.isPending };
}

/**
 * A picture-card picker: the chosen file is checked and uploaded at once, and `onUploaded` gets
 * its upload id with a local preview address, so the form shows the picture before it is saved.
 */
export function PictureUpload({
  section,
  upload,
  onError,
  onUploaded,
  testId,
  children,
}: {
  section: 'product' | 'supply';
  upload: { mutateAsync: (file: File) => Promise<{ id: string }>; isPending: boolean };
  onError: (message: string) => void;
  onUploaded: (id: string, preview: string) => void;
  testId?: string;
  children: ReactNode;
}) {
  const { send, pending } = useSendImage(section, upload, onError);
  return (
    <ImagePicker
      listType="picture-card"
      disabled={pending}
      onPick={(file) =>
        send(file).then((id) => {
          if (id) onUploaded(id, URL.createObjectURL(file));
        })
      }
      data-testid={testId}
    >
      {children}
    </ImagePicker>
  );
}

/** The empty picker's face: a plus and the upload label. */
export function UploadPrompt({ label }: { label: string }) {
  return (
    <>
      <PlusOutlined />
      <div style={{ marginTop: 8 }}>{label}</div>
    </>
  );
}

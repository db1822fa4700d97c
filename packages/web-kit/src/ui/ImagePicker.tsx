import type { ReactNode } from 'react';
import { Upload, type UploadProps } from 'antd';

/** The file dialog's filter: the picture types the platform stores (`UPLOAD_IMAGE_TYPES`). */
export const IMAGE_PICKER_ACCEPT = '.jpg,.jpeg,.png';

export type ImagePickerProps = Omit<UploadProps, 'accept' | 'showUploadList' | 'beforeUpload' | 'children'> & {
  /** Gets the chosen file; the page checks it (`isUploadableImage`) and sends it through its own API. */
  onPick: (file: File) => unknown;
  children: ReactNode;
};

/** Opens the file dialog for one JPG or PNG and hands the file on, without antd uploading it or listing it. */
export function ImagePicker({ onPick, children, ...upload }: ImagePickerProps) {
  return (
    <Upload
      accept={IMAGE_PICKER_ACCEPT}
      showUploadList={false}
      beforeUpload={(file) => {
        void onPick(file);
        return false;
      }}
      {...upload}
    >
      {children}
    </Upload>
  );
}

import { UploadPath, type Language } from '@tp/contract';
import { ValidationError } from '../http/index';
import { fieldMessage, render, text, type LocalizedText } from '../i18n/index';

const BAD_PICTURE = text('只能上传 {max} MB 以内的 JPG 或 PNG 图片', 'must be a JPG or PNG image under {max} MB', '只能上傳 {max} MB 以內的 JPG 或 PNG 圖片');

/** A form's picture was refused (not a JPG or PNG the caller may use, or too large): 422 naming the field by its label. */
export class PictureRefusedError extends ValidationError {
  constructor(field: string, label: LocalizedText, lang: Language, maxMb: number) {
    super([{ field, rule: 'image', message: fieldMessage(label, render(BAD_PICTURE, lang, { max: maxMb }), lang) }]);
  }
}

/**
 * A record's pictures as links: staff read the uploads themselves; anyone else reads them through
 * the record's own picture route, which is public as far as the record is.
 */
export function pictureLinks(ids: readonly string[], forStaff: boolean, publicPath: (index: number, thumb: boolean) => string): { url: string; thumbUrl: string }[] {
  return forStaff
    ? ids.map((id) => ({ url: UploadPath.adminFile.replace(':id', id), thumbUrl: UploadPath.adminThumb.replace(':id', id) }))
    : ids.map((_id, i) => ({ url: publicPath(i, false), thumbUrl: publicPath(i, true) }));
}

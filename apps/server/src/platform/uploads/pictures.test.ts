import { describe, expect, it } from 'vitest';
import { text } from '../i18n/index';
import { PictureRefusedError, pictureLinks } from './pictures';

describe('a refused picture field', () => {
  const label = text('商品图片', 'Images', '商品圖片');

  it('names the field by its label and says what is taken, in the caller’s language', () => {
    expect(new PictureRefusedError('images', label, 'en', 3)).toMatchObject({ httpStatus: 422, fields: [{ field: 'images', rule: 'image', message: 'Images must be a JPG or PNG image under 3 MB' }] });
    expect(new PictureRefusedError('images', label, 'cn', 3).fields).toEqual([{ field: 'images', rule: 'image', message: '商品图片：只能上传 3 MB 以内的 JPG 或 PNG 图片' }]);
    expect(new PictureRefusedError('images', label, 'tw', 3).fields[0]!.message).toBe('商品圖片：只能上傳 3 MB 以內的 JPG 或 PNG 圖片');
  });
});

describe('a record’s picture links', () => {
  const publicPath = (i: number, thumb: boolean) => `/api/goods/7/image/${i}${thumb ? '/thumb' : ''}`;

  it('staff read the uploads themselves', () => {
    expect(pictureLinks(['u1', 'u2'], true, publicPath)).toEqual([
      { url: '/api/admin/upload/u1', thumbUrl: '/api/admin/upload/u1/thumb' },
      { url: '/api/admin/upload/u2', thumbUrl: '/api/admin/upload/u2/thumb' },
    ]);
  });

  it('everyone else reads them by position through the record’s route, never by upload id', () => {
    expect(pictureLinks(['u1', 'u2'], false, publicPath)).toEqual([
      { url: '/api/goods/7/image/0', thumbUrl: '/api/goods/7/image/0/thumb' },
      { url: '/api/goods/7/image/1', thumbUrl: '/api/goods/7/image/1/thumb' },
    ]);
  });
});

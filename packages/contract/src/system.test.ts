import { describe, expect, it } from 'vitest';
import { UPLOAD_IMAGE_MAX_BYTES, isUploadableImage } from './system';

describe('the pictures the platform takes', () => {
  it('takes a JPG or PNG of up to 3 MB and refuses other types or a larger file', () => {
    expect(isUploadableImage({ type: 'image/jpeg', size: UPLOAD_IMAGE_MAX_BYTES })).toBe(true);
    expect(isUploadableImage({ type: 'image/png', size: 1024 })).toBe(true);
    expect(isUploadableImage({ type: 'image/png', size: UPLOAD_IMAGE_MAX_BYTES + 1 })).toBe(false);
    expect(isUploadableImage({ type: 'image/gif', size: 1024 })).toBe(false);
    expect(isUploadableImage({ type: 'application/pdf', size: 1024 })).toBe(false);
  });
});

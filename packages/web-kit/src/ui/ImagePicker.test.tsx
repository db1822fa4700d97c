// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { ImagePicker } from './ImagePicker';

afterEach(cleanup);

describe('the picture picker', () => {
  it('offers only JPG and PNG files and hands the chosen one to the page instead of uploading it', async () => {
    const onPick = vi.fn();
    const xhr = vi.spyOn(XMLHttpRequest.prototype, 'open');
    render(
      <ImagePicker onPick={onPick}>
        <button type="button">Upload</button>
      </ImagePicker>,
    );
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('.jpg,.jpeg,.png');

    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'licence.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });

    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect((onPick.mock.calls[0]![0] as File).name).toBe('licence.jpg');
    expect(xhr).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-upload-list')).toBeNull();
  });
});

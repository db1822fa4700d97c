// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ENTERPRISE, findSlow as find, logIn, openAt, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../test-support';

const SEAL = { uploadId: '31', url: '/api/upload/31', thumbUrl: '/api/upload/31/thumb', updatedAt: '2026-11-26T06:00:00.000Z' };

let calls: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  calls = stubApi((path) => {
    if (path === '/api/firm/rights') return reply([{ rightCode: 'enterprise.seal', rightName: '电子签章' }]);
    if (path === '/api/firm/seal') return reply(null);
    if (path === '/api/firm/seal/upload') return reply(SEAL);
    return undefined;
  });
  logIn(ENTERPRISE, ['enterprise.seal']);
});

const choose = (file: File) => fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, { target: { files: [file] } });
const uploads = () => calls.filter((call) => call.path === '/api/firm/seal/upload');

describe('the electronic seal page', () => {
  it('refuses a picture the platform does not take before sending it, and uploads a PNG', async () => {
    openAt('/personalCenter/electronicSignature');
    await find('seal-empty');
    expect(document.querySelector<HTMLInputElement>('input[type=file]')!.accept).toBe('.jpg,.jpeg,.png');

    choose(new File(['GIF89a'], 'seal.gif', { type: 'image/gif' }));
    expect((await screen.findByTestId('seal-error')).textContent).toContain('电子签章：仅支持 JPG、PNG 格式，大小不超过 3 MB');
    expect(uploads()).toHaveLength(0);

    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'seal.png', { type: 'image/png' }));
    await waitFor(() => expect(uploads()).toHaveLength(1));
    expect(await screen.findByText('电子签章已更新')).toBeTruthy();
    expect(screen.queryByTestId('seal-error')).toBeNull();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadPath } from '@tp/contract';
import { createTestApp, type TestContext } from './harness';
import { client, registerByPhone, sessionHeaders } from './identity-support';

/** Uploads with the identity module's real sessions: the object-level check across two accounts. */
let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tp-uploads-id-'));
  ctx = await createTestApp({ dataDir });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

function form(content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----tpidentityboundary';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('uploads with identity sessions', () => {
  it('serves a file to the account that uploaded it and not to another account', async () => {
    const owner = await registerByPhone(ctx, client(ctx));
    const other = await registerByPhone(ctx, client(ctx));
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0a0' } }).png().toBuffer();
    const body = form(png);
    const res = await ctx.app.http.inject({ method: 'POST', url: UploadPath.image, headers: { ...sessionHeaders(owner), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    const { url, thumbUrl } = res.json().value as { url: string; thumbUrl: string };

    const mine = await ctx.app.http.inject({ method: 'GET', url: thumbUrl, headers: sessionHeaders(owner) });
    expect(mine.statusCode).toBe(200);
    expect((await sharp(mine.rawPayload).metadata()).width).toBe(300);
    const theirs = await ctx.app.http.inject({ method: 'GET', url, headers: { ...sessionHeaders(other), 'accept-language': 'en' } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: '-1004', message: 'No such file' });
  });
});

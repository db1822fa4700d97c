import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '@tp/contract';
import { adminClient } from './enterprise-support';
import { type TestContext, createSeededTestApp } from './harness';
import { client, newPhone, PASSWORD, registerByPhone, sessionHeaders, type Client } from './identity-support';

const MINUTE = 60_000;
let ctx: TestContext;
let user: Client;
let session: SessionInfo;
let admin: Client;

beforeAll(async () => {
  // A short idle limit, as an operator may configure it.
  ctx = await createSeededTestApp({ sessionIdleMs: MINUTE });
  user = client(ctx);
  session = await registerByPhone(ctx, user);
  user.useSession(session);
  admin = await adminClient(ctx);
}, 240_000);
afterAll(async () => ctx.close());

const BOUNDARY = 'safety-boundary';

/** A multipart body cut off in the middle of its file, as a dropped connection leaves it. */
function truncatedMultipart(): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
}

function multipartFile(data: Buffer, filename = 'photo.png'): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

async function upload(url: string, body: Buffer, headers: Record<string, string>) {
  const res = await ctx.app.http.inject({
    method: 'POST',
    url,
    remoteAddress: '10.200.0.1',
    headers: { ...headers, 'accept-language': 'en', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body,
  });
  return { status: res.statusCode, ...(res.json() as { code: string; message: string }) };
}

/** A PNG whose header claims 6300 × 6300 one-bit pixels: about 5 kB on the wire, 40 megapixels to decode. */
function pixelFloodPng(side = 6300): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

describe('control characters in requests', () => {
  it('refuses a NUL byte in a body field with 400 naming the field, in the reader’s language', async () => {
    const res = await client(ctx).post('/api/user/login', { loginAccount: `1380000\u00000001`, password: PASSWORD });
    expect(res).toMatchObject({ status: 400, code: '-1000', message: 'Account must not contain control characters' });
    expect(res.value).toEqual({ fields: [{ field: 'loginAccount', rule: 'control', message: 'Account must not contain control characters' }] });
    const tw = await client(ctx, { lang: 'tw' }).post('/api/user/login', { loginAccount: 'x', password: `a\u0007b` });
    expect(tw).toMatchObject({ status: 400, message: '密碼不能包含控制字元' });
  });

  it('refuses control characters in nested fields and query strings, and keeps tabs and line breaks in text', async () => {
    const nested = await user.post('/api/firm/address/save', { consignee: 'Zhang\u001bSan', phone: '13800000000', area: 'x', address: 'y' });
    expect(nested).toMatchObject({ status: 400, message: 'consignee must not contain control characters' });
    const query = await client(ctx).get(`/api/dev/outbox?account=${encodeURIComponent('a\u0000b')}`);
    expect(query).toMatchObject({ status: 400, message: 'Account must not contain control characters' });
    // A tab or a line break is text, not an attack: the request reaches the login check.
    const text = await client(ctx).post('/api/user/login', { loginAccount: newPhone(), password: 'line one\nline\ttwo' });
    expect(text.message).not.toContain('control characters');
    expect(text.code).toBe('-1110');
  });
});

describe('authentication comes before validation', () => {
  it('answers an anonymous back-office call with 401, not with the fields it expects', async () => {
    const res = await client(ctx).post('/api/admin/users', { unexpected: true });
    expect(res).toMatchObject({ status: 401, code: '-10011' });
    expect(res.value).toBeNull();
  });
});

describe('broken uploads', () => {
  const userRoutes = [
    '/api/upload/image',
    '/api/warehouse/inspection/upload',
    '/api/listing/invoice/upload',
    '/api/product/upload',
    '/api/supply/upload',
    '/api/firm/certification/photo?field=businessPhoto',
    '/api/firm/seal/upload',
    '/api/contract/verify/upload',
  ];

  it.each(userRoutes)('%s answers 400 to a body cut off mid-file', async (url) => {
    const res = await upload(url, truncatedMultipart(), sessionHeaders(session));
    expect(res.status).toBe(400);
    expect(res.code).toBe('-1000');
  });

  it('the back office’s image upload answers 400 to a body cut off mid-file', async () => {
    const res = await upload('/api/admin/upload/image', truncatedMultipart(), admin.headers);
    expect(res).toMatchObject({ status: 400, code: '-1000', message: 'The upload is malformed' });
  });
});

describe('pixel floods', () => {
  it('refuses a small PNG that decodes to 40 megapixels, without decoding it', async () => {
    const flood = pixelFloodPng();
    expect(flood.length).toBeLessThan(10_000);
    const res = await upload('/api/upload/image', multipartFile(flood), sessionHeaders(session));
    expect(res).toMatchObject({ status: 400, message: 'Only JPG or PNG images under 3 MB can be uploaded' });
  });

  it('still takes a photo of ordinary size', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    const res = await upload('/api/upload/image', multipartFile(photo, 'photo.jpg'), sessionHeaders(session));
    expect(res).toMatchObject({ status: 200, code: '0' });
  });
});

describe('per-account limits', () => {
  it('stops one account’s uploads after 30 a minute, from any address', async () => {
    const c = client(ctx);
    const own = await registerByPhone(ctx, c);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await ctx.app.http.inject({
        method: 'POST',
        url: '/api/upload/image',
        remoteAddress: `10.201.0.${i + 1}`,
        headers: { ...sessionHeaders(own), 'accept-language': 'en', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipartFile(Buffer.from('not an image')),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('stops password guesses at one account after 120 in ten minutes, from any address', async () => {
    const account = newPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await client(ctx).post('/api/user/login', { loginAccount: account, password: `Guess${i}!x` })).status);
    expect(statuses).not.toContain(429);
    const last = await client(ctx).post('/api/user/login', { loginAccount: account, password: 'Guess!x' });
    expect(last).toMatchObject({ status: 429, message: 'Too many attempts, try again later' });
  });
});

describe('idle sessions', () => {
  it('keeps a session used every 14 seconds alive under a one-minute idle limit, and ends it after a minute of silence', async () => {
    const c = client(ctx);
    const own = await registerByPhone(ctx, c);
    c.useSession(own);
    for (let i = 0; i < 20; i++) {
      ctx.clock.advance(14_000);
      expect((await c.post('/api/user/info')).code).toBe('0');
    }
    ctx.clock.advance(MINUTE);
    expect(await c.post('/api/user/info')).toMatchObject({ status: 401, code: '-10011' });
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadPath } from '@tp/contract';
import { render } from '../src/platform/i18n/index';
import { acceptDocument, acceptImage, sniff, type UploadRefusedError } from '../src/platform/uploads/index';
import { uploads } from '../src/platform/uploads/uploads.tables';
import { appWithFakeSessions, type FakeSessionApp } from './system-fakes';
import { multipart } from './enterprise-support';

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } }).png().toBuffer();

/** A JPEG whose EXIF says "rotate 90°" and carries a camera make: re-encoding must apply one and drop the other. */
const rotatedJpegOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'SpyCam' } } })
    .toBuffer();

/** Noise does not compress: a PNG of about 4.5 MB. */
const hugePng = () => sharp(randomBytes(1250 * 1200 * 3), { raw: { width: 1250, height: 1200, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();

describe('accepting files by content', () => {
  it('sniffs JPEG, PNG and PDF by their first bytes only', () => {
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(sniff(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))).toEqual({ mime: 'image/png', ext: 'png' });
    expect(sniff(Buffer.from('%PDF-1.7\n'))).toEqual({ mime: 'application/pdf', ext: 'pdf' });
    expect(sniff(Buffer.from('GIF89a'))).toBeNull();
    expect(sniff(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('re-encodes a PNG as PNG and makes a 300 px wide JPEG thumbnail', async () => {
    const accepted = await acceptImage(await pngOf(800, 600));
    expect(accepted).toMatchObject({ kind: 'image', mime: 'image/png', ext: 'png' });
    expect(await sharp(accepted.data).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });
    expect(await sharp(accepted.thumb ?? Buffer.alloc(0)).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 225 });
  });

  it('applies the EXIF orientation and strips the metadata of a JPEG', async () => {
    const accepted = await acceptImage(await rotatedJpegOf(400, 200));
    const meta = await sharp(accepted.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(accepted.data.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('does not enlarge an image narrower than the thumbnail', async () => {
    const accepted = await acceptImage(await pngOf(120, 80));
    expect((await sharp(accepted.thumb ?? Buffer.alloc(0)).metadata()).width).toBe(120);
  });

  it('refuses text, truncated images, PDFs and oversized files with one translated message', async () => {
    for (const bad of [Buffer.from('just some text, named photo.jpg'), (await pngOf(50, 50)).subarray(0, 40), Buffer.from('%PDF-1.4 not an image')]) {
      const err = await acceptImage(bad).catch((e: unknown) => e);
      expect(err).toMatchObject({ httpStatus: 400, params: { max: 3 } });
      expect(render((err as UploadRefusedError).text, 'en', (err as UploadRefusedError).params)).toBe('Only JPG or PNG images under 3 MB can be uploaded');
      expect(render((err as UploadRefusedError).text, 'cn', (err as UploadRefusedError).params)).toBe('只能上传 3 MB 以内的 JPG 或 PNG 图片');
    }
    const tooBig = await acceptImage(await pngOf(10, 10), { maxBytes: 50 }).catch((e: unknown) => e);
    expect(tooBig).toMatchObject({ httpStatus: 413 });
  });

  it('accepts a PDF document by content and refuses anything else', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
    expect(await acceptDocument(pdf)).toMatchObject({ kind: 'document', mime: 'application/pdf', ext: 'pdf', thumb: null });
    await expect(acceptDocument(await pngOf(10, 10))).rejects.toMatchObject({ httpStatus: 400 });
  });
});

describe('upload routes', () => {
  let ctx: FakeSessionApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tp-uploads-'));
    ctx = await appWithFakeSessions({ dataDir });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, headers: Record<string, string>, file: { payload: Buffer; headers: Record<string, string> }) =>
    ctx.app.http.inject({ method: 'POST', url, headers: { ...headers, ...file.headers, 'accept-language': 'en' }, payload: file.payload });
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.http.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': 'en' } });

  it("stores an image for the uploader's firm and serves it only to that firm and to staff", async () => {
    const uploader = ctx.sessions.add({ userId: 'u-a1', firmId: 'firm-a' });
    const colleague = ctx.sessions.add({ userId: 'u-a2', firmId: 'firm-a', isMainAccount: false });
    const stranger = ctx.sessions.add({ userId: 'u-b1', firmId: 'firm-b' });
    const staff = ctx.sessions.add({ userId: 's-1', kind: 'staff' });

    const res = await post(UploadPath.image, uploader.headers, multipart('shop.png', 'image/png', await pngOf(800, 600)));
    expect(res.statusCode).toBe(200);
    const { id, url, thumbUrl } = res.json().value as { id: string; url: string; thumbUrl: string };
    expect(url).toBe(`/api/upload/${id}`);
    expect(thumbUrl).toBe(`/api/upload/${id}/thumb`);

    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ ownerKind: 'firm', ownerId: 'firm-a', uploadedBy: 'u-a1', kind: 'image', mime: 'image/png' });
    const now = ctx.clock.now();
    expect(row?.path).toBe(path.join(String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'), `${id}.png`));
    const stored = readFileSync(path.join(dataDir, 'uploads', row?.path ?? ''));
    expect(row?.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    expect(row?.bytes).toBe(stored.length);

    const file = await get(url, colleague.headers);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(stored)).toBe(true);
    const thumb = await get(thumbUrl, uploader.headers);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(300);

    for (const u of [url, thumbUrl]) {
      const refused = await get(u, stranger.headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: '-1004', message: 'No such file', value: null });
    }
    const byStaff = await get(`/api/admin/upload/${id}`, staff.headers);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.rawPayload.equals(stored)).toBe(true);
    expect((await get(`/api/admin/upload/${id}`, uploader.headers)).statusCode).toBe(401);
    expect((await get(url)).json()).toMatchObject({ code: '-10011' });
  });

  it('refuses a text file named .jpg by its content', async () => {
    const user = ctx.sessions.add({ userId: 'u-t', firmId: 'firm-t' });
    const res = await post(UploadPath.image, user.headers, multipart('photo.jpg', 'image/jpeg', Buffer.from('this is not a picture at all\n')));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: '-1000', message: 'Only JPG or PNG images under 3 MB can be uploaded', value: null });
  });

  it('refuses a 4 MB image with the same message, in the caller’s language', async () => {
    const user = ctx.sessions.add({ userId: 'u-big', firmId: 'firm-big' });
    const big = await hugePng();
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    const res = await post(UploadPath.image, user.headers, multipart('big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: '-1000', message: 'Only JPG or PNG images under 3 MB can be uploaded', value: null });
    const form = multipart('big.png', 'image/png', big);
    const inChinese = await ctx.app.http.inject({ method: 'POST', url: UploadPath.image, headers: { ...user.headers, ...form.headers, 'accept-language': 'zh-CN' }, payload: form.payload });
    expect(inChinese.json().message).toBe('只能上传 3 MB 以内的 JPG 或 PNG 图片');
    const count = await ctx.database.db.select().from(uploads).where(eq(uploads.uploadedBy, 'u-big'));
    expect(count).toEqual([]);
  });

  it('asks for a file when there is none, refuses a cut-off body, and needs a session', async () => {
    const user = ctx.sessions.add({ userId: 'u-n', firmId: 'firm-n' });
    const empty = await ctx.app.http.inject({ method: 'POST', url: UploadPath.image, headers: { ...user.headers, 'accept-language': 'en', 'content-type': 'application/json' }, payload: '{}' });
    expect(empty.json()).toEqual({ code: '-1000', message: 'Choose a file to upload', value: null });
    const anonymous = await post(UploadPath.image, {}, multipart('a.png', 'image/png', await pngOf(10, 10)));
    expect(anonymous.statusCode).toBe(401);
    const good = multipart('a.png', 'image/png', await pngOf(10, 10));
    const cut = await post(UploadPath.image, user.headers, { headers: good.headers, payload: good.payload.subarray(0, good.payload.length - 30) });
    expect(cut.json()).toEqual({ code: '-1000', message: 'The upload is malformed', value: null });
  });

  it('lets staff upload to the admin path; the file is theirs, not a firm’s', async () => {
    const staff = ctx.sessions.add({ userId: 's-2', kind: 'staff' });
    const user = ctx.sessions.add({ userId: 'u-s', firmId: 'firm-s' });
    const res = await post(UploadPath.adminImage, staff.headers, multipart('banner.jpg', 'image/jpeg', await rotatedJpegOf(640, 320)));
    const { id, url } = res.json().value as { id: string; url: string };
    expect(url).toBe(`/api/admin/upload/${id}`);
    expect((await get(url, staff.headers)).statusCode).toBe(200);
    expect((await get(`/api/upload/${id}`, user.headers)).statusCode).toBe(404);
    expect(existsSync(dataDir)).toBe(true);
  });
});

import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadPath, StaffPath, type DesktopUpdateFeed, type DownloadDocument, type DownloadList, type Page } from '@tp/contract';
import { createSeededTestApp, type TestContext } from './harness';
import { client, staffClient, type Client } from './identity-support';
import { adminClient, multipart } from './enterprise-support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let ctx: TestContext;
let dataDir: string;
let staff: Client;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tp-download-'));
  await mkdir(path.join(dataDir, 'desktop'));
  await writeFile(path.join(dataDir, 'desktop', '交易客户端-Setup-2.4.1.exe'), Buffer.alloc(1536 * 1024, 1));
  await writeFile(path.join(dataDir, 'desktop', 'latest.yml'), 'version: 2.4.1\n');
  ctx = await createSeededTestApp({ dataDir });
  staff = await adminClient(ctx);
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function publish(c: Client, title: string, version: string, content = PDF) {
  const body = multipart('doc.pdf', 'application/pdf', content);
  const res = await ctx.app.http.inject({
    method: 'POST',
    url: `${DownloadPath.adminUpload}?title=${encodeURIComponent(title)}&version=${encodeURIComponent(version)}`,
    remoteAddress: c.ip,
    headers: { 'accept-language': 'en', ...c.headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, ...(res.json() as { code: string; message: string; value: DownloadDocument }) };
}

describe('download centre', () => {
  it('lists the installers the desktop build left, with platform, version and size, and serves them', async () => {
    const list = (await client(ctx).post<DownloadList>(DownloadPath.list)).value;
    expect(list.installers).toEqual([expect.objectContaining({ fileName: '交易客户端-Setup-2.4.1.exe', platform: 'windows', version: '2.4.1', bytes: 1536 * 1024 })]);
    const file = await ctx.app.http.inject({ method: 'GET', url: list.installers[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(1536 * 1024);
    // Only listed names are served: nothing outside the installer folder.
    expect((await ctx.app.http.inject({ method: 'GET', url: `/api/download/installer/${encodeURIComponent('../desktop/latest.yml')}` })).statusCode).toBe(404);
    expect((await ctx.app.http.inject({ method: 'GET', url: '/api/download/installer/latest.yml' })).statusCode).toBe(404);
  });

  it('staff publish a document with its version; anyone downloads it until it is withdrawn; both audited', async () => {
    const published = await publish(staff, '购销合同范本', 'v2.1');
    expect(published.code, published.message).toBe('0');
    expect(published.value).toMatchObject({ title: '购销合同范本', version: 'v2.1', bytes: PDF.length });

    const visitor = client(ctx);
    const listed = (await visitor.post<DownloadList>(DownloadPath.list)).value.documents.find((d) => d.documentId === published.value.documentId);
    expect(listed).toMatchObject({ title: '购销合同范本', version: 'v2.1', bytes: PDF.length });
    const file = await ctx.app.http.inject({ method: 'GET', url: listed!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    expect((await staff.post(DownloadPath.adminDelete, { documentId: published.value.documentId })).code).toBe('0');
    expect((await visitor.post<DownloadList>(DownloadPath.list)).value.documents.some((d) => d.documentId === published.value.documentId)).toBe(false);
    expect((await ctx.app.http.inject({ method: 'GET', url: listed!.url })).statusCode).toBe(404);
    const again = await staff.post(DownloadPath.adminDelete, { documentId: published.value.documentId });
    expect(again.message).toBe('No such file, or it has been withdrawn');

    const log = (await staff.post<Page<{ action: string }>>(StaffPath.auditLog, { size: 50 })).value.content.map((e) => e.action);
    expect(log).toEqual(expect.arrayContaining(['download.publish', 'download.withdraw']));
  });

  it('refuses a document that is not a PDF, a missing version, and staff without the content right', async () => {
    const notPdf = await publish(staff, '规则', 'v1', Buffer.from('plain text'));
    expect(notPdf.message).toContain('PDF');
    const noVersion = await publish(staff, '规则', '');
    expect(noVersion.status).toBe(422);
    expect(noVersion.message).toContain('version');
    const auditor = await staffClient(ctx, 'auditor');
    expect((await publish(auditor, '规则', 'v1')).status).toBe(403);
    expect((await publish(client(ctx), '规则', 'v1')).status).toBe(401);
  });
});

describe('desktop update feed', () => {
  const sha512 = (content: Buffer) => createHash('sha512').update(content).digest('base64');
  const latest = async (query: string) => {
    const res = await ctx.app.http.inject({ method: 'GET', url: `${DownloadPath.desktopLatest}?${query}`, headers: { 'accept-language': 'en' } });
    return { status: res.statusCode, ...(res.json() as { code: string; message: string; value: DesktopUpdateFeed & { fields?: { field: string }[] } }) };
  };

  it('offers the newest installer of the platform to an older client, with its size and SHA-512, and nothing to a current one', async () => {
    const older = await latest('platform=win&version=2.3.9');
    expect(older.status).toBe(200);
    expect(older.value).toEqual({
      available: true,
      version: '2.4.1',
      fileName: '交易客户端-Setup-2.4.1.exe',
      size: 1536 * 1024,
      sha512: sha512(Buffer.alloc(1536 * 1024, 1)),
      url: `/api/download/installer/${encodeURIComponent('交易客户端-Setup-2.4.1.exe')}`,
    });
    // The address it gives serves exactly the bytes it describes.
    const file = await ctx.app.http.inject({ method: 'GET', url: older.value.available ? older.value.url : '' });
    expect(sha512(file.rawPayload)).toBe(older.value.available && older.value.sha512);

    expect((await latest('platform=win&version=2.4.1')).value).toEqual({ available: false });
    // Versions compare as numbers: 2.10.0 is newer than 2.4.1.
    expect((await latest('platform=win&version=2.10.0')).value).toEqual({ available: false });
  });

  it('offers nothing for a platform without an installer', async () => {
    expect((await latest('platform=mac&version=0.0.1')).value).toEqual({ available: false });
    expect((await latest('platform=linux&version=0.0.1')).value).toEqual({ available: false });
  });

  it('picks up a newer build and a rebuilt file, with its notes', async () => {
    const dir = path.join(dataDir, 'desktop');
    const newer = Buffer.alloc(2048, 7);
    await writeFile(path.join(dir, '交易客户端-Setup-2.10.0.exe'), newer);
    await writeFile(path.join(dir, 'notes-2.10.0.txt'), '修复了若干问题\n');
    try {
      const found = await latest('platform=win&version=2.4.1');
      expect(found.value).toMatchObject({ available: true, version: '2.10.0', size: 2048, sha512: sha512(newer), notes: '修复了若干问题' });

      // The same name built again: the digest follows the new content, not the remembered one.
      const rebuilt = Buffer.alloc(4096, 9);
      await writeFile(path.join(dir, '交易客户端-Setup-2.10.0.exe'), rebuilt);
      await utimes(path.join(dir, '交易客户端-Setup-2.10.0.exe'), new Date(), new Date(Date.now() + 60_000));
      expect((await latest('platform=win&version=2.4.1')).value).toMatchObject({ version: '2.10.0', size: 4096, sha512: sha512(rebuilt) });
    } finally {
      await rm(path.join(dir, '交易客户端-Setup-2.10.0.exe'));
      await rm(path.join(dir, 'notes-2.10.0.txt'));
    }
  });

  it('is described in the API document with its query', () => {
    const doc = ctx.app.http.swagger() as { paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }> };
    const params = doc.paths[DownloadPath.desktopLatest]?.get?.parameters ?? [];
    expect(params.filter((p) => p.in === 'query').map((p) => p.name).sort()).toEqual(['platform', 'version']);
  });

  it('refuses an unknown platform or a malformed version, naming the field', async () => {
    const platform = await latest('platform=android&version=1.0.0');
    expect(platform.status).toBe(422);
    expect(platform.message).toContain('platform');
    const version = await latest('platform=win&version=latest');
    expect(version.status).toBe(422);
    expect(version.message).toContain('version');
    expect((await latest('platform=win')).message).toContain('version');
  });
});

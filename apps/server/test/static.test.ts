import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const COMMODITY_INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>commodity</body></html>';
const EXCHANGE_INDEX = '<!doctype html><html><body>exchange</body></html>';

/** Writes a file with the brotli and gzip copies the web build puts beside it. */
function writeAsset(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

let ctx: TestContext;
let appsDir: string;
beforeAll(async () => {
  appsDir = mkdtempSync(path.join(os.tmpdir(), 'tp-static-'));
  writeAsset(path.join(appsDir, 'commodity-web/dist/index.html'), COMMODITY_INDEX);
  writeAsset(path.join(appsDir, 'commodity-web/dist/assets/index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(path.join(appsDir, 'commodity-web/dist/assets/logo-Ef56Gh78.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeAsset(path.join(appsDir, 'exchange-web/dist/index.html'), EXCHANGE_INDEX);
  ctx = await createTestApp({ webDistDir: appsDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(appsDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.http.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('web app assets', () => {
  it('sends the brotli copy to a browser that accepts it, typed as the original and cached for good', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts no compression, still varying by Accept-Encoding', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as it is', async () => {
    const res = await get('/assets/logo-Ef56Gh78.png', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers HEAD for an asset with the headers of GET and no body', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'br', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(zlib.brotliCompressSync(SCRIPT).length);
    expect(res.rawPayload.length).toBe(0);
  });
});

describe('web app routes', () => {
  it('answers a client-side route with the app page, compressed and never cached', async () => {
    const res = await get('/index', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(COMMODITY_INDEX);
  });

  it('answers HEAD for a client-side route like GET, without the body', async () => {
    const [head, full] = await Promise.all([get('/personalCenter/accountInfo', 'gzip', 'HEAD'), get('/personalCenter/accountInfo', 'gzip')]);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(full.headers['content-type']);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves each app under its own prefix and sends the bare prefix to its page', async () => {
    const page = await get('/exchange/trade/BTC_USDT');
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(EXCHANGE_INDEX);
    const root = await get('/exchange/', 'br', 'HEAD');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-encoding']).toBe('br');
    const bare = await get('/exchange', undefined, 'HEAD');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/exchange/');
  });

  it('never answers an API path with a page', async () => {
    const res = await get('/api/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '-1004', value: null });
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

const PAGE = '<!doctype html><html><body>app</body></html>';

let ctx: TestContext;
let appsDir: string;
beforeAll(async () => {
  appsDir = mkdtempSync(path.join(os.tmpdir(), 'tp-api-404-'));
  for (const dir of ['commodity-web', 'exchange-web', 'admin-web']) {
    mkdirSync(path.join(appsDir, dir, 'dist'), { recursive: true });
    writeFileSync(path.join(appsDir, dir, 'dist', 'index.html'), PAGE);
  }
  ctx = await createTestApp({ webDistDir: appsDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(appsDir, { recursive: true, force: true });
});

describe('unknown API paths', () => {
  // What trading clients and scripts call: a page with 200 would read as a success with a broken body.
  it.each([
    '/sapi/v2/capital/config/getall',
    '/sapi/v2/margin/allPairs?timestamp=1',
    '/sapi',
    '/api',
    '/api?x=1',
    '/api/nothing-here',
    '/api/wallet/nothing',
    '/exchange/api/v3/ping',
    '/exchange/sapi/v1/account',
    '/admin/api/nothing',
    '/wapi/v3/systemStatus.html',
  ])('GET %s answers 404 with the JSON error envelope, never the web page', async (url) => {
    const res = await ctx.app.http.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: '-1004', value: null });
    expect(res.body).not.toContain('<html');
  });

  // Binance's own prefixes answer in Binance's error shape, still JSON and 404.
  it.each(['/api/v3/nothing-here', '/sapi/v1/nothing-here'])('GET %s (in the Binance API) answers 404 in JSON, never the web page', async (url) => {
    const res = await ctx.app.http.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).not.toContain('<html');
  });

  it('answers HEAD of an unknown API path with 404 too', async () => {
    const res = await ctx.app.http.inject({ method: 'HEAD', url: '/sapi/v2/system/status' });
    expect(res.statusCode).toBe(404);
  });

  it('says it in the language asked for', async () => {
    const res = await ctx.app.http.inject({ method: 'GET', url: '/sapi/v2/asset/tradeFee', headers: { 'accept-language': 'en' } });
    expect(res.json()).toMatchObject({ code: '-1004', message: 'No such address' });
  });

  it('still serves the apps at their client-side routes', async () => {
    for (const url of ['/exchange/assets/flow', '/admin/wallet/withdrawals', '/index', '/apiDocsGuide']) {
      const res = await ctx.app.http.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(PAGE);
    }
  });
});

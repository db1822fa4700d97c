import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('platform', () => {
  it('answers health with the envelope and a request id', async () => {
    const res = await ctx.app.http.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '0', value: { status: 'up' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown API paths with a translated 404 envelope', async () => {
    const res = await ctx.app.http.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: '-1004', message: 'No such address', value: null });
  });

  it('serves the OpenAPI document', async () => {
    const res = await ctx.app.http.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });

  it('sets security headers', async () => {
    const res = await ctx.app.http.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

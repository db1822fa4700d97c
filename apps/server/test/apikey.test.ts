import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ApiKeyPath, type ApiKey, type CreatedApiKey } from '@tp/contract';
import { createTestApp, type TestContext } from './harness';
import { client, registerByPhone } from './identity-support';
import { createApiKey, sign, spotBalance, trader } from './spot-support';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Signed {
  apiKey?: string;
  secret?: string;
  ip?: string;
  /** Where the signed parameters travel: the query string (GET/DELETE) or a form body (POST). */
  inBody?: boolean;
  timestamp?: number;
  signature?: string;
}

/** Calls the programmatic API the way Binance clients do. */
async function call(method: 'GET' | 'POST' | 'DELETE', path: string, params: Record<string, string>, key: CreatedApiKey, options: Signed = {}) {
  const query = new URLSearchParams({ ...params, timestamp: String(options.timestamp ?? ctx.clock.now().getTime()) }).toString();
  const signed = `${query}&signature=${options.signature ?? sign(query, options.secret ?? key.secret)}`;
  const res = await ctx.app.http.inject({
    method,
    url: options.inBody ? `/api/v3/${path}` : `/api/v3/${path}?${signed}`,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { 'x-mbx-apikey': options.apiKey ?? key.apiKey, ...(options.inBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(options.inBody ? { payload: signed } : {}),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

describe('API keys', () => {
  it('show the secret once on creation, never in the list, and keep it encrypted at rest', async () => {
    const { c, userId } = await trader(ctx);
    const created = await c.post<CreatedApiKey>(ApiKeyPath.create, { label: '  grid bot  ', scopes: [], ipWhitelist: ['203.0.113.7', '2001:DB8:0:0:0:0:0:1'] });
    expect(created.code).toBe('0');
    expect(created.value).toMatchObject({ label: 'grid bot', scopes: ['read'], ipWhitelist: ['203.0.113.7', '2001:db8::1'], expiresAt: null });
    expect(created.value.apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(created.value.secret).toMatch(/^[A-Za-z0-9]{64}$/);

    const listed = await c.post<ApiKey[]>(ApiKeyPath.list);
    expect(listed.value).toEqual([
      { id: created.value.id, label: 'grid bot', apiKey: created.value.apiKey, scopes: ['read'], ipWhitelist: ['203.0.113.7', '2001:db8::1'], expiresAt: null, createdAt: created.value.createdAt },
    ]);
    expect(JSON.stringify(listed.value)).not.toContain(created.value.secret);

    const stored = (await ctx.database.db.execute(sql`select secret_cipher from api_keys where user_id = ${Number(userId)}`)) as unknown as { rows: { secret_cipher: string }[] };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.secret_cipher).toMatch(/^v1:/);
    expect(stored.rows[0]?.secret_cipher).not.toContain(created.value.secret);
  });

  it('refuse bad labels, addresses and expiries, and more than 20 keys', async () => {
    const { c } = await trader(ctx);
    expect((await c.post(ApiKeyPath.create, { label: 'x'.repeat(33) })).status).toBe(422);
    expect((await c.post(ApiKeyPath.create, { label: '' })).status).toBe(422);
    expect((await c.post(ApiKeyPath.create, { label: 'ip', ipWhitelist: ['300.1.1.1'] })).status).toBe(422);
    expect((await c.post(ApiKeyPath.create, { label: 'scope', scopes: ['withdraw'] })).status).toBe(422);
    const past = await c.post(ApiKeyPath.create, { label: 'old', expiresAt: new Date(ctx.clock.now().getTime() - 1000).toISOString() });
    expect(past).toMatchObject({ status: 400, code: '-3402', message: 'The expiry must be in the future' });

    for (let i = 0; i < 20; i++) await createApiKey(c, { label: `key ${i}` });
    const tooMany = await c.post(ApiKeyPath.create, { label: 'one more' });
    expect(tooMany).toMatchObject({ status: 409, code: '-3401', message: 'You can have at most 20 API keys' });
    expect((await c.post<ApiKey[]>(ApiKeyPath.list)).value).toHaveLength(20);
  });

  it('need a session, and delete only the owner’s keys', async () => {
    const owner = await trader(ctx);
    const other = client(ctx);
    other.useSession(await registerByPhone(ctx, other));
    const key = await createApiKey(owner.c);

    expect((await client(ctx).post(ApiKeyPath.list)).code).toBe('-10011');
    expect(await other.post(ApiKeyPath.delete, { id: key.id })).toMatchObject({ status: 404, code: '-1004', message: 'No such API key' });
    expect((await other.post<ApiKey[]>(ApiKeyPath.list)).value).toEqual([]);
    expect((await call('GET', 'account', {}, key)).status).toBe(200);

    expect((await owner.c.post(ApiKeyPath.delete, { id: key.id })).code).toBe('0');
    expect((await owner.c.post<ApiKey[]>(ApiKeyPath.list)).value).toEqual([]);
    expect(await call('GET', 'account', {}, key)).toEqual({ status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } });
    expect((await owner.c.post(ApiKeyPath.delete, { id: key.id })).status).toBe(404);
  });
});

describe('signed requests', () => {
  it('answer a correctly signed call, in the query string or a form body', async () => {
    const { c } = await trader(ctx);
    const key = await createApiKey(c, { scopes: ['read'] });
    const account = await call('GET', 'account', { omitZeroBalances: 'false' }, key);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ canTrade: false, accountType: 'SPOT' });
    expect(account.body.balances).toContainEqual({ asset: 'USDT', free: '10000', locked: '0' });

    const form = await call('POST', 'order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '100', quantity: '0.1' }, key, { inBody: true });
    // Signed correctly, but a read-only key may not trade.
    expect(form).toEqual({ status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } });
  });

  it('reject a wrong signature, a stale or future timestamp, a wide recvWindow and a malformed or unknown key with Binance’s codes', async () => {
    const { c } = await trader(ctx);
    const key = await createApiKey(c);
    const now = ctx.clock.now().getTime();

    expect(await call('GET', 'account', {}, key, { secret: 'x'.repeat(64) })).toEqual({ status: 401, body: { code: -1022, msg: 'Signature for this request is not valid.' } });
    expect((await call('GET', 'account', {}, key, { signature: 'not-hex' })).body.code).toBe(-1022);
    expect(await call('GET', 'account', {}, key, { timestamp: now - 5001 })).toEqual({ status: 400, body: { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' } });
    expect((await call('GET', 'account', { recvWindow: '10000' }, key, { timestamp: now - 5001 })).status).toBe(200);
    expect(await call('GET', 'account', {}, key, { timestamp: now + 1500 })).toEqual({ status: 400, body: { code: -1021, msg: "Timestamp for this request was 1000ms ahead of the server's time." } });
    expect((await call('GET', 'account', { recvWindow: '60001' }, key)).body).toEqual({ code: -1131, msg: 'recvWindow must be less than 60000' });
    expect(await call('GET', 'account', {}, key, { apiKey: 'short' })).toEqual({ status: 401, body: { code: -2014, msg: 'API-key format invalid.' } });
    expect((await call('GET', 'account', {}, key, { apiKey: 'A'.repeat(64) })).body.code).toBe(-2015);

    const unsigned = await ctx.app.http.inject({ method: 'GET', url: `/api/v3/account?timestamp=${now}`, headers: { 'x-mbx-apikey': key.apiKey } });
    expect(unsigned.json()).toEqual({ code: -1102, msg: "Mandatory parameter 'signature' was not sent, was empty/null, or malformed." });
    const noTimestamp = await ctx.app.http.inject({ method: 'GET', url: `/api/v3/account?signature=${sign('', key.secret)}`, headers: { 'x-mbx-apikey': key.apiKey } });
    expect(noTimestamp.json()).toEqual({ code: -1102, msg: "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed." });
  });

  it('enforce the IP whitelist, IPv4 and IPv6', async () => {
    const { c } = await trader(ctx);
    const key = await createApiKey(c, { ipWhitelist: ['198.51.100.20', '2001:db8::7'] });
    expect((await call('GET', 'account', {}, key, { ip: '198.51.100.20' })).status).toBe(200);
    expect((await call('GET', 'account', {}, key, { ip: '::ffff:198.51.100.20' })).status).toBe(200);
    expect((await call('GET', 'account', {}, key, { ip: '2001:0db8:0000::0007' })).status).toBe(200);
    expect(await call('GET', 'account', {}, key, { ip: '198.51.100.21' })).toEqual({ status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } });
  });

  it('refuse an expired key', async () => {
    const { c } = await trader(ctx);
    const key = await createApiKey(c, { expiresAt: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString() });
    expect((await call('GET', 'account', {}, key)).status).toBe(200);
    ctx.clock.advance(3_600_000);
    expect((await call('GET', 'account', {}, key)).body).toEqual({ code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' });
  });

  it('let a trade key place and cancel orders, under the spot trading gates', async () => {
    const { c } = await trader(ctx);
    const key = await createApiKey(c);
    const placed = await call('POST', 'order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '100', quantity: '0.1', newClientOrderId: 'my-bot-1' }, key, { inBody: true });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ symbol: 'BTCUSDT', clientOrderId: 'my-bot-1', status: 'NEW', type: 'LIMIT', side: 'BUY', price: '100', origQty: '0.1', executedQty: '0', fills: [] });
    const cancelled = await call('DELETE', 'order', { symbol: 'BTCUSDT', origClientOrderId: 'my-bot-1' }, key);
    expect(cancelled.body).toMatchObject({ orderId: placed.body.orderId, origClientOrderId: 'my-bot-1', status: 'CANCELED' });
    expect((await call('DELETE', 'order', { symbol: 'BTCUSDT', origClientOrderId: 'my-bot-1' }, key)).body).toEqual({ code: -2011, msg: 'Unknown order sent.' });
    expect((await call('GET', 'order', { symbol: 'BTCUSDT', orderId: '999999' }, key)).body).toEqual({ code: -2013, msg: 'Order does not exist.' });
    expect((await call('GET', 'order', { symbol: 'NOPE', orderId: '1' }, key)).body).toEqual({ code: -1121, msg: 'Invalid symbol.' });
    expect((await call('POST', 'order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', price: '100', quantity: '0.1' }, key, { inBody: true })).body).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'timeInForce' was not sent, was empty/null, or malformed.",
    });
    expect((await call('POST', 'order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '1e5', quantity: '0.1' }, key, { inBody: true })).body).toEqual({
      code: -1100,
      msg: "Illegal characters found in parameter 'price'; legal range is '^([0-9]{1,20})(\\.[0-9]{1,20})?$'.",
    });
    expect((await call('POST', 'order', { symbol: 'BTCUSDT', side: 'BUY', type: 'TRAILING_STOP_MARKET', quantity: '0.1' }, key, { inBody: true })).body).toEqual({ code: -1116, msg: 'Invalid orderType.' });
    expect((await call('POST', 'order', { symbol: 'BTCUSDT', side: 'BUY', type: 'STOP_LOSS', quantity: '0.1' }, key, { inBody: true })).body).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'stopPrice' was not sent, was empty/null, or malformed.",
    });
    const offTick = await call('POST', 'order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '100.001', quantity: '0.1' }, key, { inBody: true });
    expect(offTick).toEqual({ status: 400, body: { code: -2010, msg: 'Failed to place an order: the price must be a multiple of 0.01' } });

    const unverified = client(ctx);
    unverified.useSession(await registerByPhone(ctx, unverified));
    const unverifiedKey = await createApiKey(unverified);
    const gated = await call('POST', 'order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '100', quantity: '0.1' }, unverifiedKey, { inBody: true });
    expect(gated.body).toEqual({ code: -2010, msg: 'Please complete real-name verification first' });
  });

  it('map post-only, IOC and cancel-all to Binance’s types and statuses', async () => {
    const maker = await trader(ctx);
    const taker = await trader(ctx);
    const makerKey = await createApiKey(maker.c);
    const takerKey = await createApiKey(taker.c);
    const order = (key: CreatedApiKey, params: Record<string, string>) => call('POST', 'order', { symbol: 'ETHUSDT', ...params }, key, { inBody: true });

    expect((await order(makerKey, { side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price: '3000', quantity: '1' })).body).toMatchObject({ status: 'NEW' });
    expect((await order(makerKey, { side: 'SELL', type: 'LIMIT_MAKER', price: '3100', quantity: '1', newOrderRespType: 'RESULT' })).body).toMatchObject({ type: 'LIMIT_MAKER', status: 'NEW' });
    expect((await order(takerKey, { side: 'BUY', type: 'LIMIT_MAKER', price: '3000', quantity: '0.1' })).body).toEqual({ code: -2010, msg: 'Order would immediately match and take.' });
    expect((await order(takerKey, { side: 'BUY', type: 'MARKET', price: '3000', quantity: '0.1' })).body).toEqual({ code: -1106, msg: "Parameter 'price' sent when not required." });
    const ioc = await order(takerKey, { side: 'BUY', type: 'LIMIT', timeInForce: 'IOC', price: '3000', quantity: '1.5' });
    expect(ioc.body).toMatchObject({ status: 'EXPIRED', executedQty: '1', cummulativeQuoteQty: '3000', fills: [{ price: '3000', qty: '1', commission: '3', commissionAsset: 'USDT' }] });
    expect(await spotBalance(taker.c, 'USDT')).toMatchObject({ available: '6997', frozen: '0' });

    const all = await call('GET', 'allOrders', { symbol: 'ETHUSDT' }, takerKey);
    // The spot service records a refused post-only order as ended by the market (it would have taken), so it is listed as expired.
    expect((all.body as unknown as { status: string; type: string }[]).map((o) => [o.type, o.status])).toEqual([
      ['LIMIT_MAKER', 'EXPIRED'],
      ['LIMIT', 'EXPIRED'],
    ]);

    const cancelled = await call('DELETE', 'openOrders', { symbol: 'ETHUSDT' }, makerKey);
    expect((cancelled.body as unknown as { status: string; type: string }[]).map((o) => [o.type, o.status])).toEqual([['LIMIT_MAKER', 'CANCELED']]);
    expect((await call('GET', 'openOrders', { symbol: 'ETHUSDT' }, makerKey)).body).toEqual([]);
    expect((await call('DELETE', 'openOrders', { symbol: 'ETHUSDT' }, makerKey)).body).toEqual({ code: -2011, msg: 'Unknown order sent.' });
    expect(await spotBalance(maker.c, 'ETH')).toMatchObject({ available: '2', frozen: '0' });
  });

  it('answer unknown paths and unsupported bodies in Binance’s shape, not the envelope', async () => {
    const missing = await ctx.app.http.inject({ method: 'GET', url: '/api/v3/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: -1000, msg: 'No such endpoint.' });
    const json = await ctx.app.http.inject({ method: 'POST', url: '/api/v3/order', payload: { symbol: 'BTCUSDT' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ code: -1000, msg: 'The request is malformed.' });
    const ping = await ctx.app.http.inject({ method: 'GET', url: '/api/v3/ping' });
    expect(ping.json()).toEqual({});
  });
});

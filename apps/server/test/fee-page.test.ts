import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminListingPath, ListingApiPath, type ListingFeeSettings } from '@tp/contract';
import { ensureContentColumns } from '../src/modules/content/index';
import { contentItems } from '../src/modules/content/content.tables';
import { adminClient } from './enterprise-support';
import { type TestContext, createSeededTestApp } from './harness';
import { client, type Client } from './identity-support';

let ctx: TestContext;
let staff: Client;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  staff = await adminClient(ctx);
});
afterAll(() => ctx.close());

const OLD_RATE_TEXT = '交易手续费按成交金额的万分之五向买卖双方收取。\n\n仓储费按仓库公示的收费标准按日计收；质检费以平台审核设定的金额为准。';

describe('the rate page (收费标准)', () => {
  it('anyone reads the fee settings in force, and a change in the back office shows at once', async () => {
    const visitor = client(ctx);
    const before = await visitor.get<Record<string, unknown>>(ListingApiPath.feeSettings);
    expect(before.status).toBe(200);
    expect(before.value).toEqual({
      feeRate: '0.002',
      defaultBuyerMarginRatio: '0.2',
      defaultSellerMarginRatio: '0.2',
      balanceDays: 3,
      graceDays: 1,
      forfeitPlatformShare: '0.2',
      marketCloseTime: '15:00',
    });

    const current = (await staff.post<ListingFeeSettings>(AdminListingPath.feeSettings, {})).value;
    const saved = await staff.post(AdminListingPath.saveFeeSettings, { ...current, feeRate: '0.0035', balanceDays: 5 });
    expect(saved.code, saved.message).toBe('0');
    try {
      const after = await visitor.get<Record<string, unknown>>(ListingApiPath.feeSettings);
      expect(after.value).toMatchObject({ feeRate: '0.0035', balanceDays: 5 });
      expect(after.value).not.toHaveProperty('commodities');
    } finally {
      await staff.post(AdminListingPath.saveFeeSettings, current);
    }
  });

  it('no longer serves the static text that promised 万分之五 from both sides, also where it was seeded before', async () => {
    const footer = await ctx.app.http.inject({ method: 'GET', url: '/api/content/columns' });
    const columnId = Number((footer.json().value as { code: string; columnId: string }[]).find((c) => c.code === 'footer')!.columnId);
    expect((await ctx.app.http.inject({ method: 'GET', url: '/api/content/detail?slug=rate' })).statusCode).toBe(404);

    // An installation seeded by an earlier release still holds the old row; the next start removes it.
    await ctx.database.db.insert(contentItems).values({ columnId, title: '收费标准', summary: '交易手续费、仓储费与检验费说明。', body: OLD_RATE_TEXT, slug: 'rate', publishedAt: ctx.clock.now() });
    expect((await ctx.app.http.inject({ method: 'GET', url: '/api/content/detail?slug=rate' })).statusCode).toBe(200);
    await ensureContentColumns(ctx.database.db);
    expect((await ctx.app.http.inject({ method: 'GET', url: '/api/content/detail?slug=rate' })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/demo/seed';
import { type TestContext, createSeededTestApp } from './harness';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createSeededTestApp();
  // The seed runs at every development start; a second run must add nothing.
  await seedDemoData(ctx.database, ctx.config, ctx.clock);
});
afterAll(() => ctx.close());

async function get(url: string) {
  const response = await ctx.app.http.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

describe('commodity catalogue', () => {
  it('lists the seeded commodity types with their units and grades, once each', async () => {
    const { status, body } = await get('/api/catalog/commodityTypes');
    expect(status).toBe(200);
    const types = body.value as { name: string; category: string; weightUnit: string; grades: { gradeName: string }[] }[];
    const names = types.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const rebar = types.find((t) => t.name === '螺纹钢');
    expect(rebar).toMatchObject({ category: '钢材', weightUnit: '吨' });
    expect(rebar?.grades.map((g) => g.gradeName)).toEqual(['HRB400E', 'HRB500E', 'HRB335']);
    expect(new Set(types.map((t) => t.category))).toEqual(new Set(['钢材', '有色金属', '粮食', '化工']));
  });
});

describe('warehouses', () => {
  it('pages the warehouses with exact fee strings and filters by name', async () => {
    const all = await ctx.app.http.inject({ method: 'POST', url: '/api/storage/list', payload: { page: 0, size: 2 } });
    expect(all.statusCode).toBe(200);
    const page = all.json().value as { content: { name: string; chargeStandard: string; warehousRate: string }[]; total: number; size: number };
    expect(page.total).toBe(4);
    expect(page.content).toHaveLength(2);
    expect(page.content[0]).toMatchObject({ name: '上海宝山钢材物流园', chargeStandard: '0.3000', warehousRate: '0.000500' });

    const found = await ctx.app.http.inject({ method: 'POST', url: '/api/storage/list', payload: { name: '天津' } });
    expect(found.json().value.content.map((s: { name: string }) => s.name)).toEqual(['天津港有色金属交割库']);

    const wildcard = await ctx.app.http.inject({ method: 'POST', url: '/api/storage/list', payload: { name: '%' } });
    expect(wildcard.json().value.total).toBe(0);
  });
});

describe('content', () => {
  async function columnId(code: string): Promise<string> {
    const { body } = await get('/api/content/columns');
    const column = (body.value as { columnId: string; code: string }[]).find((c) => c.code === code);
    if (!column) throw new Error(`no ${code} column`);
    return column.columnId;
  }

  it('lists a column newest first, 20 to a page by default', async () => {
    const { status, body } = await get(`/api/content/list?columnId=${await columnId('news')}`);
    expect(status).toBe(200);
    expect(body.value.size).toBe(20);
    expect(body.value.total).toBe(3);
    const titles = (body.value.content as { title: string }[]).map((i) => i.title);
    expect(titles[0]).toBe('本周螺纹钢现货价格小幅回升');
    const times = (body.value.content as { publishedAt: string }[]).map((i) => Date.parse(i.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('opens an item by id and a footer page by its slug', async () => {
    const list = await get(`/api/content/list?columnId=${await columnId('notice')}&size=1`);
    const first = list.body.value.content[0] as { id: string; title: string };
    const detail = await get(`/api/content/detail?id=${first.id}`);
    expect(detail.body.value).toMatchObject({ id: first.id, title: first.title });
    expect(detail.body.value.body.length).toBeGreaterThan(10);

    const clauses = await get('/api/content/detail?slug=clauses');
    expect(clauses.body.value.title).toBe('用户协议');
  });

  it('answers 404 with a message for an item that does not exist, and 422 naming a bad column id', async () => {
    const missing = await get('/api/content/detail?id=999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('内容不存在或已下线');

    const bad = await get('/api/content/list?columnId=abc');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('columnId');
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IntegralPath, MALL_ORDER_COMPLETED, type IntegralSummary } from '@tp/contract';
import { appendEvent } from '../src/platform/events/index';
import { clusterSkipReason, openCluster, type Cluster, type Instance } from './cluster-support';
import { newEnterprise } from './enterprise-support';
import type { Client } from './identity-support';

/** Two started server instances over one PostgreSQL and one Redis, as a scaled-out deployment runs. */
describe.skipIf(clusterSkipReason !== undefined)(`integral awards on two server instances${clusterSkipReason ? ` (${clusterSkipReason})` : ''}`, () => {
  let cluster: Cluster;
  let one: Instance;
  let two: Instance;
  /** Every handling of a completed mall order, by either instance, seen by a second consumer of the same events. */
  const handled: { eventId: string; by: string }[] = [];

  beforeAll(async () => {
    cluster = await openCluster();
    one = await cluster.add();
    two = await cluster.add();
    for (const [by, instance] of [['one', one], ['two', two]] as const) {
      instance.app.platform.consumers.register({
        name: 'test.mall.completions',
        types: [MALL_ORDER_COMPLETED],
        handle: async (_tx, event) => void handled.push({ eventId: event.id.toString(), by }),
      });
      await instance.app.start();
    }
  }, 120_000);
  afterAll(async () => cluster?.close());

  const balanceOf = async (c: Client) => Number((await c.post<IntegralSummary>(IntegralPath.summary, {})).value.balance);
  /** An order completing, its event written as the mall writes it. */
  const completed = (orderId: string, buyerFirmId: string) =>
    appendEvent(cluster.database.db, { type: MALL_ORDER_COMPLETED, topic: MALL_ORDER_COMPLETED, payload: { orderId, buyerFirmId, amount: '1000.00' } });

  it('awards each completed order once, whichever instance published it', async () => {
    const [a, b] = [await newEnterprise(one.ctx), await newEnterprise(two.ctx)];
    const events: bigint[] = [];
    for (let i = 0; i < 10; i++) {
      events.push(await completed(`C1-${i}`, a.session.firmId));
      events.push(await completed(`C2-${i}`, b.session.firmId));
    }
    // Both instances publish at once, as two request handlers on two machines would.
    const started = Date.now();
    await Promise.all([one.app.platform.publisher.flush(), two.app.platform.publisher.flush()]);
    // 10 orders of 1,000.00 yuan × 10 points, each firm; read through the other instance.
    await vi.waitFor(async () => expect([await balanceOf(a.c), await balanceOf(b.c)]).toEqual([100, 100]), { timeout: 10_000, interval: 25 });
    console.info(`20 awards on two instances ${Date.now() - started} ms after publishing`);

    await Promise.all([one.app.platform.consumers.drain(), two.app.platform.consumers.drain()]);
    const ids = events.map(String);
    expect(handled.filter((h) => ids.includes(h.eventId)).map((h) => h.eventId).sort()).toEqual([...ids].sort());
    expect([await balanceOf(a.c), await balanceOf(b.c)]).toEqual([100, 100]);
  });

  it('the other instance awards what an instance published just before its consumers stopped', async () => {
    const firm = await newEnterprise(one.ctx);
    // Instance one goes down after publishing: its own consumers never run the event.
    await one.app.platform.consumers.stop();
    const id = await completed('C3-1', firm.session.firmId);
    await one.app.platform.publisher.flush();
    await vi.waitFor(async () => expect(await balanceOf(firm.c)).toBe(10), { timeout: 10_000, interval: 50 });
    await two.app.platform.consumers.drain();
    expect(handled.filter((h) => h.eventId === String(id))).toEqual([{ eventId: String(id), by: 'two' }]);
    expect(await balanceOf(firm.c)).toBe(10);
  });
});

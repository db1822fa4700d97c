import type { FastifyBaseLogger } from 'fastify';
import { MallOrderCompleted, MALL_ORDER_COMPLETED } from '@tp/contract';
import { z } from 'zod';
import type { EventBus } from '../../platform/events/index';
import { PICK_COMPLETED } from '../listing/index';
import { GOODS_STORED } from '../warehouse/index';
import { createIntegralContext, type IntegralServiceDeps } from './context';
import { createEarning } from './earning';
import { createShop } from './shop';

export type { IntegralServiceDeps } from './context';

const PickCompleted = z.object({ pickId: z.string(), buyerFirmId: z.string(), sellerFirmId: z.string(), amount: z.string() });
const GoodsStored = z.object({ firmId: z.string() });

/** Integrals: earning by rules, the points ledger and its year-end expiry, the integral shop and reward applications. */
export function createIntegralService(deps: IntegralServiceDeps) {
  const ctx = createIntegralContext(deps);
  const earning = createEarning(ctx);
  const shop = createShop(ctx);

  /**
   * Listens for the events that earn points. Every instance hears every event; the award is one per
   * source event in the database, so only one of them credits it. A failed award is logged.
   */
  function listen(bus: Pick<EventBus, 'subscribe'>, logger: Pick<FastifyBaseLogger, 'error'>): () => void {
    const on = <T>(topic: string, schema: z.ZodType<T>, work: (payload: T) => Promise<unknown>) =>
      bus.subscribe(topic, (message) => {
        const parsed = schema.safeParse(message.payload);
        if (!parsed.success) {
          logger.error({ topic, issues: parsed.error.issues }, 'integral event refused');
          return;
        }
        void work(parsed.data).catch((err: unknown) => logger.error({ err, topic }, 'integral award failed'));
      });
    const stops = [
      on(PICK_COMPLETED, PickCompleted, (p) => earning.awardTrade(p)),
      on(GOODS_STORED, GoodsStored, (p) => earning.awardFirstWarehousing(p.firmId)),
      on(MALL_ORDER_COMPLETED, MallOrderCompleted, (p) => earning.awardMallPurchase(p)),
    ];
    return () => stops.forEach((stop) => stop());
  }

  return {
    ...earning,
    ...shop,
    listen,
  };
}

export type IntegralService = ReturnType<typeof createIntegralService>;

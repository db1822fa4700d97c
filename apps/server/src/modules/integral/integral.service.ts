import { MallOrderCompleted, MALL_ORDER_COMPLETED } from '@tp/contract';
import { z } from 'zod';
import { EventRefused, type DurableConsumer } from '../../platform/events/index';
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
   * The points earned from other modules' events, as a durable consumer: each event is handled once
   * in effect, in the transaction that records it as handled, also when it was published while no
   * server ran. The award itself is one per source event as well, so a replayed event adds nothing.
   */
  const awards: DurableConsumer = {
    name: 'integral.awards',
    types: [PICK_COMPLETED, GOODS_STORED, MALL_ORDER_COMPLETED],
    async handle(tx, event) {
      const parse = <T>(schema: z.ZodType<T, unknown>): T => {
        const parsed = schema.safeParse(event.payload);
        if (!parsed.success) throw new EventRefused(`integral event ${event.type} refused: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
        return parsed.data;
      };
      if (event.type === PICK_COMPLETED) await earning.awardTrade(tx, parse(PickCompleted));
      else if (event.type === GOODS_STORED) await earning.awardFirstWarehousing(tx, parse(GoodsStored).firmId);
      else if (event.type === MALL_ORDER_COMPLETED) await earning.awardMallPurchase(tx, parse(MallOrderCompleted));
    },
  };

  return {
    ...earning,
    ...shop,
    awards,
  };
}

export type IntegralService = ReturnType<typeof createIntegralService>;

import { z } from 'zod';
import { PlaceOrderRequest } from '@tp/contract';
import { batchOf, createForwarder as createClusterForwarder, createOwnerRouter, type Forwarder, type ForwarderDeps } from '../../platform/cluster/index';
import type { MarketOwnership } from './market-ownership';
import { marketBusy } from './spot.errors';

export { NotOwnerError, OwnerUnreachableError, replyOfError, type ForwardedReply, type ForwardedReplies } from '../../platform/cluster/index';

/** Where an instance takes the commands of the markets it runs from the other instances. */
export const SPOT_INTERNAL_PATH = '/internal/spot/command';

/** A market command sent to the instance that runs the market's book. */
export const ForwardedCommand = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('place'), symbol: z.string(), userId: z.number().int(), request: PlaceOrderRequest }),
  z.strictObject({ op: z.literal('cancel'), symbol: z.string(), userId: z.number().int(), orderId: z.string() }),
  z.strictObject({ op: z.literal('cancelAll'), symbol: z.string(), userId: z.number().int() }),
  z.strictObject({ op: z.literal('depth'), symbol: z.string(), limit: z.number().int() }),
]);
export type ForwardedCommand = z.infer<typeof ForwardedCommand>;

/** Market commands gathered for one owner, answered one reply per command in the same order. */
export const ForwardedBatch = batchOf(ForwardedCommand);
export type ForwardedBatch = z.infer<typeof ForwardedBatch>;

/** Sends market commands to the instance at `url` and gives back each one's committed result, or throws its error. */
export const createForwarder = (deps: Omit<ForwarderDeps, 'path'>) => createClusterForwarder<ForwardedCommand>({ ...deps, path: SPOT_INTERNAL_PATH });
export type Forward = Forwarder<ForwardedCommand>;

const OPS = { place: 'place', cancel: 'cancel', cancelAll: 'cancel', depth: 'read' } as const;

/**
 * Runs a market command where the market's book is: here when this instance holds the market,
 * else on its owner (see createOwnerRouter). A market this instance is taking over is waited for.
 */
export function createMarketRouter(deps: { ownership: MarketOwnership; forward: Forward }) {
  const { ownership, forward } = deps;
  return createOwnerRouter<ForwardedCommand>({
    async locate(command, fresh) {
      let where = fresh ? await ownership.recheck(command.symbol) : ownership.where(command.symbol);
      while (where.here === 'pending') {
        await where.ready;
        where = ownership.where(command.symbol);
      }
      return where.here ? { here: true } : { here: false, url: where.url };
    },
    forward,
    repeatable: (command) => OPS[command.op] === 'read',
    busy: (command) => marketBusy(OPS[command.op]),
  });
}

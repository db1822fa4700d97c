import type { SpotTrade } from '@tp/contract';
import type { Db } from '../../platform/db/index';
import type { EventBus } from '../../platform/events/index';
import { createInternalSigner, type InternalSigner } from '../../platform/cluster/index';
import { createForwarder } from './forwarding';
import { leasedOwnership, type LeaseTiming } from './market-ownership';
import type { SpotServiceDeps } from './spot.service';

export interface SpotClusterDeps {
  db: Db;
  /** This instance's address for the others (INSTANCE_URL). */
  url: string;
  /** APP_SECRET, shared by the instances: it signs the commands they forward to each other. */
  secret: string;
  bus: Pick<EventBus, 'subscribe'>;
  logger: { warn(obj: object, msg: string): void };
  timing?: Partial<LeaseTiming> | undefined;
}

/**
 * What lets several instances on one PostgreSQL share the spot markets: a lease per market
 * (each book runs on one instance), forwarding to the instance running a market, and the trades
 * it pushes on the event bus, which keep every instance's tickers current.
 */
export function createSpotCluster(deps: SpotClusterDeps): { deps: Pick<SpotServiceDeps, 'ownership' | 'forward' | 'peerTrades'>; signer: InternalSigner } {
  const signer = createInternalSigner(deps.secret);
  return {
    signer,
    deps: {
      ownership: leasedOwnership({ db: deps.db, url: deps.url, timing: deps.timing, logger: deps.logger }),
      forward: createForwarder({ signer }),
      peerTrades: (listener) =>
        deps.bus.subscribe('trade:*', (message) => {
          if (message.type === 'spot.trade') listener(message.topic.slice('trade:'.length), message.payload as SpotTrade[]);
        }),
    },
  };
}

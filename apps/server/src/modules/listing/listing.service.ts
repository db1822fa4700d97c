import { createAdmin } from './admin';
import { createBargaining } from './bargaining';
import { createListingContext, type ListingServiceDeps } from './context';
import { createDefaults } from './defaults';
import { createGoods } from './goods';
import { createInvoices } from './invoices';
import { createListings } from './listings';
import { createMargins } from './margins';
import { createPayments } from './payments';
import { createPicks } from './picks';
import { createRights } from './rights';
import { createViews } from './views';

export { ListingJobs } from './defaults';
export { ListingJournalType, marginJournalType } from './margins';
export { DEFAULT_SETTINGS, type ContractIssuer, type ListingServiceDeps, type PickContractTerms, type PledgedGoods } from './context';

/**
 * The listing service, composed from one part per subject; each part's factory takes the shared
 * context and the parts it builds on, in this order.
 */
export function createListingService(deps: ListingServiceDeps) {
  const ctx = createListingContext(deps);
  const rights = createRights(ctx);
  const views = createViews(ctx);
  const margins = createMargins(ctx);
  const goods = createGoods(ctx, { views, margins });
  const payments = createPayments(ctx, { rights, views, goods, margins });
  const picks = createPicks(ctx, { rights, views, goods, margins, payments });
  const { payBalance } = payments;
  return {
    settings: () => ctx.settings(),
    ...createListings(ctx, { rights, views, goods, margins }),
    ...picks.api,
    payBalance,
    ...createInvoices(ctx, { rights, views, goods, margins }),
    ...createBargaining(ctx, { rights, views, goods, makePick: picks.makePick }),
    ...createAdmin(ctx, { views, goods }),
    ...createDefaults(ctx, { goods, margins }),
  };
}

export type ListingService = ReturnType<typeof createListingService>;

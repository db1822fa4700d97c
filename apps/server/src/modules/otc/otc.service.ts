import { createOtcAds } from './ads';
import { createOtcAppeals } from './appeals';
import { createOtcEscrow } from './escrow';
import { createOtcContext, type OtcServiceDeps } from './otc.context';
import { createOtcOrders } from './orders';
import { createOtcSettings } from './settings';

/** Fiat trading, wired once: settings and merchants, ads, orders with their escrow, and the back office's appeals. */
export function createOtcService(deps: OtcServiceDeps) {
  const ctx = createOtcContext(deps);
  const escrow = createOtcEscrow(ctx);
  const settings = createOtcSettings(ctx);
  const ads = createOtcAds(ctx, settings, escrow);
  const orders = createOtcOrders(ctx, settings, escrow);
  const appeals = createOtcAppeals(ctx, orders, escrow);
  return { settings, ads, orders, appeals };
}

export type OtcService = ReturnType<typeof createOtcService>;

import { Decimal } from '@tp/decimal';
import { LISTING_FEE_RATE, MallGoodsStatus, mallImagePath, type MallGoods } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import type { OutboxPublisher } from '../../platform/events/index';
import type { AuthContext } from '../../platform/http/index';
import type { Scheduler } from '../../platform/scheduler/index';
import { pictureLinks, type UploadService } from '../../platform/uploads/index';
import { requireFirmRight, type EnterpriseServices, type FirmService, type RightCode } from '../firm/index';
import type { PaymentPasswordService } from '../identity/index';
import { LedgerKind, PLATFORM_OWNER, type AccountRef, type LedgerService } from '../ledger/index';
import * as repo from './mall.repo';

/** The mobile payment service's side of the mall: start a payment of an order, refund one; both inside the caller's transaction. */
export interface MallMobilePay {
  create(tx: DbOrTx, input: { channel: 'alipay' | 'wechat'; reference: string; firmId: string; userId: string; amount: string; subject: string }): Promise<{ paymentId: string; qrContent: string; payPageUrl: string; expiresAt: string }>;
  refund(tx: DbOrTx, input: { paymentId: string; amount: string; reason: string; reference: string }): Promise<unknown>;
}

export interface MallServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post'>;
  firm: Pick<FirmService, 'requireRight' | 'getFirms'>;
  uploads: Pick<UploadService, 'storeImage' | 'open'>;
  /** The buyer's address book, where an order finds the address it is shipped to. */
  addresses: Pick<EnterpriseServices['profile'], 'addressOf'>;
  paymentPasswords: Pick<PaymentPasswordService, 'verify'>;
  scheduler: Pick<Scheduler, 'schedule'>;
  publisher: Pick<OutboxPublisher, 'flush'>;
  /** Alipay and WeChat Pay; without it orders are paid from the balance only. */
  mobilePay?: MallMobilePay | undefined;
  /** The platform's share of a completed order, taken from the seller; the listings' rate unless set. */
  feeRate?: string;
}

export const MallJobs = { due: 'mall.order.due' } as const;

export const SYSTEM_ACTOR = 'system';

/** The platform's escrow of mall payments: paid orders' money waits here until completion, cancel or refund. */
export const mallEscrow = (): AccountRef => ({ ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.mallSettlement });

export function createMallContext(deps: MallServiceDeps) {
  const { db } = deps;

  async function sellerNames(firmIds: number[], tx: DbOrTx = db): Promise<Map<number, string>> {
    const firms = await deps.firm.getFirms([...new Set(firmIds)].map(String), tx);
    return new Map([...firms.values()].map((f) => [Number(f.firmId), f.name]));
  }

  return {
    ...deps,
    feeRate: Decimal.parse(deps.feeRate ?? LISTING_FEE_RATE),
    allow: (auth: AuthContext, right: RightCode): Promise<number> => requireFirmRight(deps.firm, auth, right),
    sellerNames,

    /** Goods as their reader sees them: staff get the upload links, the owner the upload ids. */
    async toGoods(rows: repo.GoodsRow[], viewer: number | 'staff' | undefined): Promise<MallGoods[]> {
      const [classes, sellers] = await Promise.all([repo.listClasses(db, false), sellerNames(rows.map((r) => r.firmId))]);
      const classNames = new Map(classes.map((c) => [c.id, c.name]));
      return rows.map((row) => {
        const id = String(row.id);
        const mine = typeof viewer === 'number' && row.firmId === viewer;
        return {
          commodityId: id,
          classId: String(row.classId),
          className: classNames.get(row.classId) ?? '',
          sellerFirmId: String(row.firmId),
          sellerName: sellers.get(row.firmId) ?? '',
          name: row.name,
          specs: row.specs,
          price: Decimal.parse(row.price).toFixed(2),
          stock: row.stock,
          sold: row.sold,
          images: pictureLinks(row.images, viewer === 'staff', (i, thumb) => mallImagePath(id, i, thumb)),
          imageIds: mine || viewer === 'staff' ? row.images : [],
          description: row.description,
          status: row.status,
          reason: row.reason,
          mine,
          createdAt: row.createdAt.toISOString(),
        };
      });
    },
  };
}

/** Whether a reader may see goods: on sale, or shown to their own firm. */
export const visibleTo = (row: repo.GoodsRow, viewer: number | undefined) => row.status === MallGoodsStatus.onSale || row.firmId === viewer;

export type MallContext = ReturnType<typeof createMallContext>;

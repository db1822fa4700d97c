import type { ChatDepartment } from '@tp/contract';

/** Which department a page's questions go to: funds in the capital center, goods in warehousing, the rest to trading. */
export function chatDepartmentOf(pathname: string): ChatDepartment {
  if (pathname.startsWith('/capitalCenter') || pathname.startsWith('/financial')) return 'capital';
  if (/warehous|qualityInspection|pickupGoods|selfBill|logisticsBill|companyWarehouse/i.test(pathname)) return 'warehouse';
  return 'trading';
}

import type { ChatDepartment } from '@tp/contract';

/** Which department a page's questions go to: fiat trading, the assets and wallet pages, the rest to trading. */
export function chatDepartmentOf(pathname: string): ChatDepartment {
  if (pathname.startsWith('/fiat')) return 'fiat';
  if (pathname.startsWith('/assets')) return 'capital';
  return 'trading';
}

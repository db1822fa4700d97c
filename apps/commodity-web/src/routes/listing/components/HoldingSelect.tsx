import { Select } from 'antd';
import { useSession } from '@tp/web-kit';
import type { Holding } from '@tp/contract';
import { useHoldings } from '../../../api/warehouse';

/**
 * The firm's held holdings (status 0), optionally only those of one commodity. Read only when
 * `needed` and someone is logged in: a visitor has no holdings, and public pages mount the dialogs.
 */
export function useHeldHoldings(commodityName?: string, needed = true) {
  const { isLoggedIn } = useSession();
  const holdings = useHoldings({ status: '0', page: 0, size: 100 }, needed && isLoggedIn);
  const content = (holdings.data?.content ?? []).filter((h) => !commodityName || h.commodityName === commodityName);
  return { query: holdings, content };
}

export const holdingLabel = (h: Holding) => `${h.holdId} · ${h.receiptNo} · ${h.commodityName} ${h.gradeName} · ${h.quantity} ${h.unit} / ${h.weight} ${h.weightUnit} · ${h.storageName}`;

/** A Select of held holdings; antd Form passes value/onChange. */
export function HoldingSelect({ holdings, loading, testId, value, onChange }: { holdings: Holding[]; loading: boolean; testId: string; value?: string; onChange?: (value: string) => void }) {
  // Searchable: a firm may hold many receipts of the same goods.
  return <Select showSearch={{ optionFilterProp: 'label' }} data-testid={testId} loading={loading} value={value} onChange={onChange} options={holdings.map((h) => ({ value: h.holdId, label: holdingLabel(h) }))} />;
}

import { Decimal } from '@tp/decimal';
import { journalTypeKey, type AssetFlowEntry } from '@tp/contract';

/** One line of the financial log as the page shows it. */
export interface FlowLine {
  key: string;
  /** The line's i18n key under `assets.flow.types`. */
  typeKey: string;
  asset: string;
  amount: string;
  /** Undefined when the line did not move the account's available balance (a fee paid from an order's hold). */
  balanceAfter?: string;
  createdAt: string;
}

export const FEE_TYPE_KEY = 'spot_trade_fee';

/**
 * The server's entries as lines, a trade's fee as its own line after the trade: when the fee is in
 * the line's asset the trade is shown before the fee (gross), the fee line ending at the real balance.
 */
export function flowLines(entries: readonly AssetFlowEntry[]): FlowLine[] {
  return entries.flatMap((entry): FlowLine[] => {
    const line: FlowLine = { key: entry.id, typeKey: journalTypeKey(entry.type), asset: entry.asset, amount: entry.amount, balanceAfter: entry.balanceAfter, createdAt: entry.createdAt };
    const { fee } = entry;
    if (!fee) return [line];
    const sameAsset = fee.asset === entry.asset;
    const feeLine: FlowLine = {
      key: `${entry.id}-fee`,
      typeKey: FEE_TYPE_KEY,
      asset: fee.asset,
      amount: Decimal.parse(fee.amount).neg().toString(),
      createdAt: entry.createdAt,
      ...(sameAsset ? { balanceAfter: entry.balanceAfter } : {}),
    };
    if (!sameAsset) return [line, feeLine];
    return [{ ...line, amount: Decimal.parse(entry.amount).add(fee.amount).toString(), balanceAfter: Decimal.parse(entry.balanceAfter).add(fee.amount).toString() }, feeLine];
  });
}

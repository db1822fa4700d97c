import type { TFunction } from 'i18next';
import { JournalType, journalTypeKey } from '@tp/contract';
import { cn } from '../../../i18n/cn';

type FlowTypeKey = keyof typeof cn.capital.flowType;
const isFlowTypeKey = (key: string): key is FlowTypeKey => key !== 'other' && Object.hasOwn(cn.capital.flowType, key);

/** The business type of a fund-account journal in the reader's language; a type this build does not know yet reads as "other business", never as its code. */
export function flowTypeText(t: TFunction, type: string): string {
  const key = journalTypeKey(type);
  return t(`capital.flowType.${isFlowTypeKey(key) ? key : 'other'}`);
}

/** The platform's own wording when the bank could not be reached (the sandbox and real banks word their refusals themselves). */
const PLATFORM_BANK_UNAVAILABLE = 'bank unavailable';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** `staff:<id>` / `user:<id>` say who acted; an internal id means nothing to the reader. */
const ACTOR = /^(staff|user):\S+$/;
const INTERNAL_REF = /^[a-z]+:\S+$/;

/**
 * The summary (摘要) of a fund-account journal. The server writes, per type: the bank's serial
 * (fund in / out), the request number (fund out frozen), the bank's reason (fund out released),
 * who acted (`staff:<id>` / `user:<id>`, inspection fees), the Shanghai day (storage fees), and
 * nothing for listing and product journals.
 */
export function flowMemoText(t: TFunction, entry: { type: string; description: string }): string {
  const memo = entry.description.trim();
  if (!memo) return '';
  const actor = ACTOR.exec(memo);
  if (actor) return t(actor[1] === 'staff' ? 'capital.memo.staff' : 'capital.memo.firmUser');
  switch (entry.type) {
    case JournalType.bankDeposit:
    case JournalType.bankWithdraw:
      return t('capital.memo.bankSerial', { value: memo });
    case JournalType.bankWithdrawFreeze:
      return t('capital.memo.requestNo', { value: memo });
    case JournalType.bankWithdrawRelease:
      return memo === PLATFORM_BANK_UNAVAILABLE ? t('capital.memo.bankUnavailable') : t('capital.memo.returned', { value: memo });
    case JournalType.warehouseStorageFee:
      if (DAY.test(memo)) return t('capital.memo.storageDay', { value: memo });
      break;
    case JournalType.demoGrant:
      return t('capital.memo.demo');
  }
  return INTERNAL_REF.test(memo) ? '' : memo;
}

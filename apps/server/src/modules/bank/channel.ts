import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BankCallback, BankCallbackData, BankChannelId, Language, StatementLine } from '@tp/contract';
import { canonicalJson } from '../../platform/audit/index';
import { LedgerKind } from '../ledger/index';
import { text, type LocalizedText } from '../../platform/i18n/index';

/** What the platform asks a bank to do; the answer comes back later as a signed callback. */
export interface BankOutbound {
  requestNo: string;
  kind: 'sign' | 'modify' | 'unsign' | 'deposit' | 'withdraw';
  /** The firm's bank account the request concerns. */
  account: string;
  amount?: string | undefined;
}

/**
 * A bank-custody channel as the platform sees it. A real bank's client implements it; the sandbox
 * banks in `sandbox-bank.ts` ship with the server for development and tests.
 */
export interface BankChannel {
  readonly bankId: BankChannelId;
  /** Hands a request over; the bank de-duplicates by `requestNo`. Throws when the bank refuses to take it. */
  submit(request: BankOutbound): Promise<void>;
  /** ICBC only: opens the firm's document (建档) and answers at once with the sub-account. */
  openDocument(request: { firmId: string; bankAccountName: string; certNo: string }): Promise<{ subAccount: string }>;
  /** Every request the bank answered on a day (Asia/Shanghai), as its statement lists them. */
  statement(day: string): Promise<StatementLine[]>;
}

export const CHANNEL_IDS: readonly BankChannelId[] = ['icbc', 'pab'];

export const CHANNEL_NAMES: Readonly<Record<BankChannelId, LocalizedText>> = {
  icbc: text('中国工商银行', 'Industrial and Commercial Bank of China', '中國工商銀行'),
  pab: text('平安银行', 'Ping An Bank', '平安銀行'),
};

/** The platform's clearing account that mirrors what each bank holds for the firms. */
export const CLEARING_KIND: Readonly<Record<BankChannelId, string>> = {
  icbc: LedgerKind.bankClearingIcbc,
  pab: LedgerKind.bankClearingOther,
};

/** Banks a firm's own account may be opened at (the spec's allBankList). */
const ALL_BANKS: readonly { bankId: string; name: LocalizedText }[] = [
  { bankId: '102', name: text('中国工商银行', 'Industrial and Commercial Bank of China', '中國工商銀行') },
  { bankId: '103', name: text('中国农业银行', 'Agricultural Bank of China', '中國農業銀行') },
  { bankId: '104', name: text('中国银行', 'Bank of China', '中國銀行') },
  { bankId: '105', name: text('中国建设银行', 'China Construction Bank', '中國建設銀行') },
  { bankId: '301', name: text('交通银行', 'Bank of Communications', '交通銀行') },
  { bankId: '302', name: text('中信银行', 'China CITIC Bank', '中信銀行') },
  { bankId: '305', name: text('中国民生银行', 'China Minsheng Bank', '中國民生銀行') },
  { bankId: '307', name: text('平安银行', 'Ping An Bank', '平安銀行') },
  { bankId: '308', name: text('招商银行', 'China Merchants Bank', '招商銀行') },
  { bankId: '309', name: text('兴业银行', 'Industrial Bank', '興業銀行') },
  { bankId: '310', name: text('上海浦东发展银行', 'Shanghai Pudong Development Bank', '上海浦東發展銀行') },
  { bankId: '403', name: text('中国邮政储蓄银行', 'Postal Savings Bank of China', '中國郵政儲蓄銀行') },
];

export const channelList = (lang: Language) => CHANNEL_IDS.map((bankId) => ({ bankId, bankName: CHANNEL_NAMES[bankId][lang] }));
export const allBankList = (lang: Language) => ALL_BANKS.map((b) => ({ bankId: b.bankId, bankName: b.name[lang] }));

export function isChannelId(value: string): value is BankChannelId {
  return (CHANNEL_IDS as readonly string[]).includes(value);
}

/** Each bank signs its callbacks with its own key, derived from the platform's secret. */
export function callbackKey(secret: string, bankId: string): Buffer {
  return createHmac('sha256', secret).update(`bank-callback:${bankId}`).digest();
}

export function signCallback(key: Buffer, body: Omit<BankCallback, 'sign'>): string {
  return createHmac('sha256', key).update(canonicalJson({ bankId: body.bankId, notifyId: body.notifyId, timestamp: body.timestamp, data: body.data })).digest('hex');
}

export function callbackSignatureValid(key: Buffer, body: BankCallback): boolean {
  const expected = Buffer.from(signCallback(key, body), 'hex');
  const given = Buffer.from(body.sign, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A callback older (or further ahead) than this is refused even when its signature holds. */
export const CALLBACK_WINDOW_MS = 10 * 60_000;

export type { BankCallback, BankCallbackData };

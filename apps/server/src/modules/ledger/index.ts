export {
  createLedgerService,
  verifyLedger,
  isClearingAccount,
  defaultScaleOf,
  DEFAULT_CURRENCY_SCALES,
  LedgerKind,
  DEFAULT_BOOK,
  LedgerEvents,
  PLATFORM_OWNER,
  InsufficientFundsError,
  InvalidAmountError,
  IdempotencyConflictError,
  LedgerUsageError,
  UnbalancedJournalError,
} from './ledger.service';
export type {
  LedgerService,
  LedgerServiceDeps,
  JournalBatch,
  LedgerOwner,
  LedgerOwnerType,
  AccountRef,
  LedgerAccount,
  PostingInput,
  PostInput,
  Journal,
  JournalPosting,
  TransferInput,
  FreezeInput,
  SettleFrozenInput,
  AccountFlowQuery,
  LedgerBook,
} from './ledger.service';
export { Postings, FUND_CURRENCY, feeIncome, firmFund, firmFundPair, fundPair } from './postings';
export type { FundPair, FundSide, SettleFrozenLegs } from './postings';
/** Kept for callers that read the business day from the ledger; the day itself lives in platform/time. */
export { shanghaiDay } from '../../platform/time';
export { registerLedgerRoutes } from './ledger.routes';
export type { LedgerRoutesDeps } from './ledger.routes';

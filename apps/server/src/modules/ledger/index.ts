export { createLedgerService, verifyLedger } from './ledger.service';
export type { LedgerService, LedgerServiceDeps } from './ledger.service';
export type { JournalBatch } from './journal-batch';
export { isClearingAccount, defaultScaleOf, DEFAULT_CURRENCY_SCALES, LedgerKind, DEFAULT_BOOK, PLATFORM_OWNER } from './ledger.model';
export type {
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
} from './ledger.model';
export { InsufficientFundsError, InvalidAmountError, IdempotencyConflictError, LedgerUsageError, UnbalancedJournalError } from './ledger.errors';
export { Postings, FUND_CURRENCY, feeIncome, firmFund, firmFundPair, fundPair } from './postings';
export type { FundPair, FundSide, SettleFrozenLegs } from './postings';
/** Kept for callers that read the business day from the ledger; the day itself lives in platform/time. */
export { shanghaiDay } from '../../platform/time';
export { registerLedgerRoutes } from './ledger.routes';
export type { LedgerRoutesDeps } from './ledger.routes';

export {
  createLedgerService,
  verifyLedger,
  isClearingAccount,
  defaultScaleOf,
  shanghaiDay,
  DEFAULT_CURRENCY_SCALES,
  LedgerKind,
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
} from './ledger.service';
export { registerLedgerRoutes } from './ledger.routes';
export type { LedgerRoutesDeps } from './ledger.routes';

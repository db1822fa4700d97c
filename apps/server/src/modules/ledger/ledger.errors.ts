import { LedgerResultCode } from '@tp/contract';
import { AppError, BadRequestError, ConflictError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import type { AccountRef } from './ledger.model';

export class InsufficientFundsError extends AppError {
  constructor(readonly account?: AccountRef) {
    super(LedgerResultCode.insufficientFunds, 409, text('余额不足', 'Insufficient balance', '餘額不足'));
  }
}

export class InvalidAmountError extends BadRequestError {
  constructor(readonly amount: unknown) {
    super(text('金额无效', 'Invalid amount', '金額無效'), {}, LedgerResultCode.invalidAmount);
  }
}

/** The idempotency key names an existing journal that differs from this request. */
export class IdempotencyConflictError extends ConflictError {
  constructor(readonly idempotencyKey: string) {
    super(text('请求编号已被其他操作使用', 'The request id was already used for another operation', '請求編號已被其他操作使用'));
  }
}

/** A caller's programming error (a bug, not a user mistake): masked as an internal error at the edge. */
export class LedgerUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnbalancedJournalError extends LedgerUsageError {
  constructor(readonly currency: string, readonly sum: string) {
    super(`journal does not balance in ${currency}: postings sum to ${sum}`);
  }
}

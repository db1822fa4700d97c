import { z } from 'zod';
import { LedgerBalances, LedgerBalancesRequest, LedgerFlowPage, LedgerFlowRequest, LedgerVerifyReport } from '@tp/contract';
import { replyOf } from '../../platform/http/index';

/** Route schemas: strict bodies in, envelopes out (unknown fields stripped). */
export const balancesSchema = { body: LedgerBalancesRequest, response: replyOf(LedgerBalances) };

export const flowSchema = { body: LedgerFlowRequest, response: replyOf(LedgerFlowPage) };

export const verifySchema = { body: z.strictObject({}).nullish(), response: replyOf(LedgerVerifyReport) };

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminDiffsRequest,
  AdminFundsRequest,
  AdminOperationPage,
  AdminOperationsRequest,
  AdminReconcileRequest,
  AdminResendRequest,
  AdminResolveRequest,
  BankCallback,
  BankCallbackAck,
  BankListItem,
  CapitalFlowRequest,
  CapitalInfo,
  CapitalPath,
  CapitalTransferRequest,
  FirmFundsPage,
  FundRequest,
  IcbcDocumentRequest,
  IcbcInfo,
  IcbcPayRequest,
  LedgerFlowPage,
  ModifySignRequest,
  ReconDiff,
  ReconDiffPage,
  ReconRun,
  RetryPayRequest,
  SandboxControlRequest,
  SandboxState,
  SignListRequest,
  SignOutRequest,
  SignRecord,
  SignRequest,
  StatementLine,
  StatementRequest,
  TransferPage,
  TransferRecord,
  TransfersRequest,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import type { BankService } from './bank.service';
import type { Reconciliation } from './reconciliation';
import type { SandboxBanks } from './sandbox-bank';

const MONEY_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

export interface BankRouteOptions {
  reconciliation: Reconciliation;
  /** The sandbox banks' console; registered only outside production. */
  sandbox?: SandboxBanks | undefined;
}

export function registerBankRoutes(app: FastifyInstance, bank: BankService, options: BankRouteOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  const money = { auth: 'user', rateLimit: MONEY_LIMIT } as const;
  const staff = { auth: { staff: 'bank.monitor' } } as const;
  const post = postRoutes(app, { user, money, staff });

  r.post(CapitalPath.bankList, { schema: { response: replyOf(z.array(BankListItem)) }, config: user }, async (request) => ok(bank.bankList(request.lang)));
  r.post(CapitalPath.allBankList, { schema: { response: replyOf(z.array(BankListItem)) }, config: user }, async (request) => ok(bank.allBankList(request.lang)));
  r.post(CapitalPath.info, { schema: { response: replyOf(CapitalInfo) }, config: user }, async (request) => ok(await bank.info(caller(request), request.lang)));
  post.user(CapitalPath.signList, SignListRequest, z.array(SignRecord), (body, request) => bank.signList(caller(request), body.bankId, request.lang));
  post.money(CapitalPath.sign, SignRequest, SignRecord, (body, request) => bank.sign(caller(request), body, request.lang));
  post.money(CapitalPath.modifySign, ModifySignRequest, SignRecord, (body, request) => bank.modifySign(caller(request), body, request.lang));
  post.money(CapitalPath.signOut, SignOutRequest, SignRecord, (body, request) => bank.signOut(caller(request), body.infoId, request.lang));
  post.money(CapitalPath.fundIn, FundRequest, TransferRecord, (body, request) => bank.fundIn(caller(request), body, request.lang));
  post.money(CapitalPath.fundOut, FundRequest, TransferRecord, (body, request) => bank.fundOut(caller(request), body, request.lang));
  post.user(CapitalPath.transfers, TransfersRequest, TransferPage, (body, request) => bank.transfers(caller(request), body, request.lang));
  post.user(CapitalPath.transfer, CapitalTransferRequest, TransferRecord, (body, request) => bank.transfer(caller(request), body.id, request.lang));
  post.user(CapitalPath.flow, CapitalFlowRequest, LedgerFlowPage, (body, request) => bank.flow(caller(request), body));

  r.post(CapitalPath.icbcInfo, { schema: { response: replyOf(IcbcInfo) }, config: user }, async (request) => ok(await bank.icbcInfo(caller(request), request.lang)));
  r.post(CapitalPath.icbcSignList, { schema: { response: replyOf(z.array(SignRecord)) }, config: user }, async (request) =>
    ok(await bank.signList(caller(request), 'icbc', request.lang, { icbc: true })),
  );
  post.money(CapitalPath.icbcDocument, IcbcDocumentRequest, SignRecord, (body, request) => bank.icbcDocument(caller(request), body, request.lang));
  post.money(CapitalPath.icbcPay, IcbcPayRequest, TransferRecord, (body, request) => bank.icbcPay(caller(request), body, request.lang));
  post.money(CapitalPath.icbcRetryPay, RetryPayRequest, TransferRecord, (body, request) => bank.retryPay(caller(request), body, request.lang));

  // The banks call this one; the signature, not a session, says who is calling.
  r.post(CapitalPath.callback, { schema: { params: z.object({ bankId: z.string().max(16) }), body: BankCallback, response: replyOf(BankCallbackAck) } }, async (request) =>
    ok({ outcome: await bank.callback(request.params.bankId, request.body) }),
  );

  const { reconciliation } = options;
  post.staff(CapitalPath.adminOperations, AdminOperationsRequest, AdminOperationPage, (body) => bank.operations(body));
  r.post(CapitalPath.adminResend, { schema: { body: AdminResendRequest, response: replyOf(z.null()) }, config: staff }, async (request) => {
    await bank.resend(caller(request), request.body.requestNo);
    return ok(null);
  });
  post.staff(CapitalPath.adminReconcile, AdminReconcileRequest, ReconRun, (body, request) => reconciliation.reconcile(body.bankId, body.day, caller(request)));
  post.staff(CapitalPath.adminDiffs, AdminDiffsRequest, ReconDiffPage, (body) => reconciliation.diffs(body));
  post.staff(CapitalPath.adminResolve, AdminResolveRequest, ReconDiff, (body, request) => reconciliation.resolve(caller(request), body));
  post.staff(CapitalPath.adminFunds, AdminFundsRequest, FirmFundsPage, (body) => bank.funds(body));

  const sandbox = options.sandbox;
  if (!sandbox) return;
  r.post(CapitalPath.adminSandbox, { schema: { response: replyOf(z.array(SandboxState)) }, config: { auth: { staff: 'sandbox.control' } } }, async () => ok(await sandbox.state()));
  r.post(CapitalPath.adminSandboxControl, { schema: { body: SandboxControlRequest, response: replyOf(z.array(SandboxState)) }, config: { auth: { staff: 'sandbox.control' }, audit: 'bank.sandbox.control' } }, async (request) => {
    const { bankId, action, count, delayMs } = request.body;
    if (action === 'failNext') await sandbox.failNext(bankId, count);
    else if (action === 'dropNext') await sandbox.dropNext(bankId, count);
    else if (action === 'delay') await sandbox.delay(bankId, delayMs);
    else await sandbox.succeed(bankId);
    return ok(await sandbox.state());
  });
  r.post(CapitalPath.adminSandboxStatement, { schema: { body: StatementRequest, response: replyOf(z.array(StatementLine)) }, config: { auth: { staff: 'sandbox.control' } } }, async (request) =>
    ok(await sandbox.statement(request.body.bankId, request.body.day)),
  );
}

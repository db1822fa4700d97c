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
import { caller, ok, replyOf } from '../../platform/http/index';
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

  r.post(CapitalPath.bankList, { schema: { response: replyOf(z.array(BankListItem)) }, config: user }, async (request) => ok(bank.bankList(request.lang)));
  r.post(CapitalPath.allBankList, { schema: { response: replyOf(z.array(BankListItem)) }, config: user }, async (request) => ok(bank.allBankList(request.lang)));
  r.post(CapitalPath.info, { schema: { response: replyOf(CapitalInfo) }, config: user }, async (request) => ok(await bank.info(caller(request), request.lang)));
  r.post(CapitalPath.signList, { schema: { body: SignListRequest, response: replyOf(z.array(SignRecord)) }, config: user }, async (request) =>
    ok(await bank.signList(caller(request), request.body.bankId, request.lang)),
  );
  r.post(CapitalPath.sign, { schema: { body: SignRequest, response: replyOf(SignRecord) }, config: money }, async (request) =>
    ok(await bank.sign(caller(request), request.body, request.lang)),
  );
  r.post(CapitalPath.modifySign, { schema: { body: ModifySignRequest, response: replyOf(SignRecord) }, config: money }, async (request) =>
    ok(await bank.modifySign(caller(request), request.body, request.lang)),
  );
  r.post(CapitalPath.signOut, { schema: { body: SignOutRequest, response: replyOf(SignRecord) }, config: money }, async (request) =>
    ok(await bank.signOut(caller(request), request.body.infoId, request.lang)),
  );
  r.post(CapitalPath.fundIn, { schema: { body: FundRequest, response: replyOf(TransferRecord) }, config: money }, async (request) =>
    ok(await bank.fundIn(caller(request), request.body, request.lang)),
  );
  r.post(CapitalPath.fundOut, { schema: { body: FundRequest, response: replyOf(TransferRecord) }, config: money }, async (request) =>
    ok(await bank.fundOut(caller(request), request.body, request.lang)),
  );
  r.post(CapitalPath.transfers, { schema: { body: TransfersRequest, response: replyOf(TransferPage) }, config: user }, async (request) =>
    ok(await bank.transfers(caller(request), request.body, request.lang)),
  );
  r.post(CapitalPath.transfer, { schema: { body: CapitalTransferRequest, response: replyOf(TransferRecord) }, config: user }, async (request) =>
    ok(await bank.transfer(caller(request), request.body.id, request.lang)),
  );
  r.post(CapitalPath.flow, { schema: { body: CapitalFlowRequest, response: replyOf(LedgerFlowPage) }, config: user }, async (request) =>
    ok(await bank.flow(caller(request), request.body)),
  );

  r.post(CapitalPath.icbcInfo, { schema: { response: replyOf(IcbcInfo) }, config: user }, async (request) => ok(await bank.icbcInfo(caller(request), request.lang)));
  r.post(CapitalPath.icbcSignList, { schema: { response: replyOf(z.array(SignRecord)) }, config: user }, async (request) =>
    ok(await bank.signList(caller(request), 'icbc', request.lang, { icbc: true })),
  );
  r.post(CapitalPath.icbcDocument, { schema: { body: IcbcDocumentRequest, response: replyOf(SignRecord) }, config: money }, async (request) =>
    ok(await bank.icbcDocument(caller(request), request.body, request.lang)),
  );
  r.post(CapitalPath.icbcPay, { schema: { body: IcbcPayRequest, response: replyOf(TransferRecord) }, config: money }, async (request) =>
    ok(await bank.icbcPay(caller(request), request.body, request.lang)),
  );
  r.post(CapitalPath.icbcRetryPay, { schema: { body: RetryPayRequest, response: replyOf(TransferRecord) }, config: money }, async (request) =>
    ok(await bank.retryPay(caller(request), request.body, request.lang)),
  );

  // The banks call this one; the signature, not a session, says who is calling.
  r.post(CapitalPath.callback, { schema: { params: z.object({ bankId: z.string().max(16) }), body: BankCallback, response: replyOf(BankCallbackAck) } }, async (request) =>
    ok({ outcome: await bank.callback(request.params.bankId, request.body) }),
  );

  const staff = { auth: { staff: 'bank.monitor' } } as const;
  const { reconciliation } = options;
  r.post(CapitalPath.adminOperations, { schema: { body: AdminOperationsRequest, response: replyOf(AdminOperationPage) }, config: staff }, async (request) =>
    ok(await bank.operations(request.body)),
  );
  r.post(CapitalPath.adminResend, { schema: { body: AdminResendRequest, response: replyOf(z.null()) }, config: staff }, async (request) => {
    await bank.resend(caller(request), request.body.requestNo);
    return ok(null);
  });
  r.post(CapitalPath.adminReconcile, { schema: { body: AdminReconcileRequest, response: replyOf(ReconRun) }, config: staff }, async (request) =>
    ok(await reconciliation.reconcile(request.body.bankId, request.body.day, caller(request))),
  );
  r.post(CapitalPath.adminDiffs, { schema: { body: AdminDiffsRequest, response: replyOf(ReconDiffPage) }, config: staff }, async (request) =>
    ok(await reconciliation.diffs(request.body)),
  );
  r.post(CapitalPath.adminResolve, { schema: { body: AdminResolveRequest, response: replyOf(ReconDiff) }, config: staff }, async (request) =>
    ok(await reconciliation.resolve(caller(request), request.body)),
  );
  r.post(CapitalPath.adminFunds, { schema: { body: AdminFundsRequest, response: replyOf(FirmFundsPage) }, config: staff }, async (request) => ok(await bank.funds(request.body)));

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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminFunderList,
  AdminLoanListRequest,
  AdminPledgePath,
  FinanceIdRequest,
  FinanceReasonRequest,
  FinancialPath,
  FinancialWarehouse,
  Funder,
  ManualPaybackRequest,
  PageRequest,
  PledgeApplyRequest,
  PledgeBill,
  PledgeDetail,
  PledgeDisposeRequest,
  PledgeFinance,
  PledgeFinancePage,
  PledgeListRequest,
  PledgeNoticePage,
  PledgePath,
  PledgeProduct,
  PledgeQuoteRequest,
  PledgeRepaymentPage,
  RateInfo,
  SaveFunderRequest,
  SavePledgeProductRequest,
} from '@tp/contract';
import { caller, postRoutes } from '../../platform/http/index';
import type { PledgeService } from './pledge.service';

const Empty = z.strictObject({});

export interface PledgeRouteOptions {
  /** Sandbox controls (run the daily job now): given only outside production. */
  sandbox?: boolean;
}

/** Borrowers and funders are firm users (each sees only its own loans); set-up and the warehouse's confirmation are staff's. */
export function registerPledgeRoutes(app: FastifyInstance, pledge: PledgeService, options: PledgeRouteOptions = {}): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const post = postRoutes(app, {
    user: { auth: 'user' },
    staff: { auth: { staff: 'pledge.manage' } },
    warehouse: { auth: { staff: ['warehouse.manage', 'pledge.manage'] } },
    sandbox: { auth: { staff: 'sandbox.control' }, audit: 'pledge.sandbox.daily' },
  });

  post.user(PledgePath.rateInfo, Empty, RateInfo, (_body, request) => pledge.rateInfo(caller(request)));
  post.user(PledgePath.apply, PledgeApplyRequest, PledgeFinance, (body, request) => pledge.apply(caller(request), body));
  post.user(PledgePath.mine, PledgeListRequest, PledgeFinancePage, (body, request) => pledge.mine(caller(request), body));
  post.user(PledgePath.detail, FinanceIdRequest, PledgeDetail, (body, request) => pledge.detail(caller(request), Number(body.financeId)));
  post.user(PledgePath.accept, FinanceIdRequest, PledgeFinance, (body, request) => pledge.accept(caller(request), Number(body.financeId)));
  post.user(PledgePath.decline, FinanceReasonRequest, PledgeFinance, (body, request) => pledge.decline(caller(request), Number(body.financeId), body.reason));
  post.user(PledgePath.withdraw, FinanceIdRequest, PledgeFinance, (body, request) => pledge.withdraw(caller(request), Number(body.financeId)));
  post.user(PledgePath.manualPayback, ManualPaybackRequest, PledgeFinance, (body, request) => pledge.manualPayback(caller(request), body));
  post.user(PledgePath.bill, FinanceIdRequest, PledgeBill, (body, request) => pledge.bill(caller(request), Number(body.financeId)));
  post.user(PledgePath.notices, PageRequest, PledgeNoticePage, (body, request) => pledge.notices(caller(request), body));
  r.get(PledgePath.contract, { schema: { querystring: FinanceIdRequest }, config: { auth: 'user' } }, async (request, reply) => {
    const file = await pledge.contract(caller(request), Number(request.query.financeId));
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${file.contractNo}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(file.pdf);
  });

  post.user(FinancialPath.me, Empty, Funder.nullable(), (_body, request) => pledge.funderMe(caller(request)));
  post.user(FinancialPath.orders, PledgeListRequest, PledgeFinancePage, (body, request) => pledge.funderOrders(caller(request), body));
  post.user(FinancialPath.detail, FinanceIdRequest, PledgeDetail, (body, request) => pledge.detail(caller(request), Number(body.financeId)));
  post.user(FinancialPath.quote, PledgeQuoteRequest, PledgeFinance, (body, request) => pledge.quote(caller(request), body));
  post.user(FinancialPath.reject, FinanceReasonRequest, PledgeFinance, (body, request) => pledge.funderReject(caller(request), Number(body.financeId), body.reason));
  post.user(FinancialPath.dispose, PledgeDisposeRequest, PledgeFinance, (body, request) => pledge.dispose(caller(request), body));
  post.user(FinancialPath.repayments, PageRequest, PledgeRepaymentPage, (body, request) => pledge.funderRepayments(caller(request), body));
  post.user(FinancialPath.warehouses, Empty, z.array(FinancialWarehouse), (_body, request) => pledge.funderWarehouses(caller(request)));
  post.user(FinancialPath.bill, FinanceIdRequest, PledgeBill, (body, request) => pledge.funderBill(caller(request), Number(body.financeId)));

  post.staff(AdminPledgePath.funders, Empty, AdminFunderList, (_body, request) => pledge.adminFunders(caller(request)));
  post.staff(AdminPledgePath.saveFunder, SaveFunderRequest, Funder, (body, request) => pledge.saveFunder(caller(request), body));
  post.staff(AdminPledgePath.products, Empty, RateInfo, (_body, request) => pledge.adminProducts(caller(request)));
  post.staff(AdminPledgePath.saveProduct, SavePledgeProductRequest, PledgeProduct, (body, request) => pledge.saveProduct(caller(request), body));
  post.staff(AdminPledgePath.loans, AdminLoanListRequest, PledgeFinancePage, (body, request) => pledge.adminLoans(caller(request), body));
  post.warehouse(AdminPledgePath.warehouseConfirm, FinanceIdRequest, PledgeFinance, (body, request) => pledge.warehouseConfirm(caller(request), Number(body.financeId)));
  post.warehouse(AdminPledgePath.warehouseReject, FinanceReasonRequest, PledgeFinance, (body, request) => pledge.warehouseReject(caller(request), Number(body.financeId), body.reason));

  if (options.sandbox) post.sandbox(AdminPledgePath.sandboxDaily, Empty, z.object({ changed: z.number().int() }), async () => ({ changed: await pledge.daily() }));
}

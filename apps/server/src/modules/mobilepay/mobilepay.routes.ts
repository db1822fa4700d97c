import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminMobileDiffsRequest,
  AdminMobilePayment,
  AdminMobilePaymentPage,
  AdminMobilePaymentsRequest,
  AdminMobileQueryRequest,
  AdminMobileReconcileRequest,
  AdminMobileRefundPage,
  AdminMobileRefundsRequest,
  AdminMobileResolveRequest,
  MobilePayChannel,
  MobilePayPath,
  MobilePaymentRequest,
  MobilePaymentView,
  MobileReconDiff,
  MobileReconDiffPage,
  MobileReconRun,
  MobileSandboxControlRequest,
  MobileSandboxState,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import type { MobilePayService } from './mobilepay.service';
import type { MobileReconciliation } from './reconciliation';
import { renderPayPage } from './sandbox/pay-page';
import type { SandboxMobilePay } from './sandbox/sandbox-providers';

export interface MobilePayRouteOptions {
  reconciliation: MobileReconciliation;
  /** The sandbox providers' pay page and console; registered only where the sandbox is in use. */
  sandbox?: SandboxMobilePay | undefined;
}

const CHANNEL_PARAMS = z.object({ channel: z.string().max(16) });
const PAY_PARAMS = z.object({ channel: z.string().max(16), tradeNo: z.string().max(64) });
/** The provider's signed ticket for the order: what the QR code carries besides the trade number. */
const PAY_QUERY = z.object({ t: z.string().max(4000).default('') });

export function registerMobilePayRoutes(app: FastifyInstance, service: MobilePayService, options: MobilePayRouteOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { auth: { staff: 'bank.monitor' } } as const;
  const post = postRoutes(app, {
    user: { auth: 'user' },
    staff,
    // Staff actions that reach the provider or decide about money are audited, each under its own name.
    query: { ...staff, audit: 'mobilepay.payment.query' },
    reconcile: { ...staff, audit: 'mobilepay.reconcile' },
    resolve: { ...staff, audit: 'mobilepay.reconcile.resolve' },
  });

  post.user(MobilePayPath.status, MobilePaymentRequest, MobilePaymentView, (body, request) => service.view(caller(request), body.paymentId));

  post.staff(MobilePayPath.adminPayments, AdminMobilePaymentsRequest, AdminMobilePaymentPage, (body) => service.payments(body));
  post.staff(MobilePayPath.adminRefunds, AdminMobileRefundsRequest, AdminMobileRefundPage, (body) => service.refunds(body));
  post.query(MobilePayPath.adminQuery, AdminMobileQueryRequest, AdminMobilePayment, (body) => service.adminQuery(body.paymentId));
  const { reconciliation } = options;
  post.reconcile(MobilePayPath.adminReconcile, AdminMobileReconcileRequest, MobileReconRun, (body) => reconciliation.reconcile(body.channel, body.day));
  post.staff(MobilePayPath.adminDiffs, AdminMobileDiffsRequest, MobileReconDiffPage, (body) => reconciliation.diffs(body));
  post.resolve(MobilePayPath.adminResolve, AdminMobileResolveRequest, MobileReconDiff, (body, request) => reconciliation.resolve(caller(request), body));

  // The providers call these; the signature, not a session, says who is calling. Their bodies are
  // kept as the exact text received, because the signatures cover those bytes.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(MobilePayPath.notify, { schema: { params: CHANNEL_PARAMS } }, async (request, reply) => {
      const channel = MobilePayChannel.safeParse(request.params.channel);
      if (!channel.success) return reply.code(404).type('text/plain').send('fail');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
      const ack = await service.notify(channel.data, { headers, rawBody: typeof request.body === 'string' ? request.body : '' });
      return reply.code(ack.status).type(ack.contentType).send(ack.body);
    });

    const sandbox = options.sandbox;
    if (!sandbox) return;
    s.get(MobilePayPath.sandboxPay, { schema: { params: PAY_PARAMS, querystring: PAY_QUERY } }, async (request, reply) => {
      const model = await sandbox.open(request.params.channel, request.params.tradeNo, request.query.t);
      return reply.code(model ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderPayPage(model, request.url));
    });
    s.post(MobilePayPath.sandboxPay, { schema: { params: PAY_PARAMS, querystring: PAY_QUERY } }, async (request, reply) => {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const action = form.get('action') === 'fail' ? 'fail' : 'pay';
      const model = await sandbox.pay(request.params.channel, request.params.tradeNo, request.query.t, action);
      return reply.code(model ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderPayPage(model, request.url));
    });
  });

  const sandbox = options.sandbox;
  if (!sandbox) return;
  const control = { auth: { staff: 'sandbox.control' } } as const;
  r.post(MobilePayPath.adminSandbox, { schema: { response: replyOf(z.array(MobileSandboxState)) }, config: control }, async () => ok(await sandbox.state()));
  r.post(
    MobilePayPath.adminSandboxControl,
    { schema: { body: MobileSandboxControlRequest, response: replyOf(z.array(MobileSandboxState)) }, config: { ...control, audit: 'mobilepay.sandbox.control' } },
    async (request) => {
      await sandbox.control(request.body.channel, request.body.action, request.body.count);
      return ok(await sandbox.state());
    },
  );
}

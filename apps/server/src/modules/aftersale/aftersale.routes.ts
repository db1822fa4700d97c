import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAfterSaleDecideRequest,
  AdminAfterSaleListRequest,
  AdminAfterSalePath,
  AfterSaleAnswerRequest,
  AfterSaleArbitrateRequest,
  AfterSaleIdRequest,
  AfterSaleListRequest,
  AfterSaleOfOrder,
  AfterSaleOfOrderRequest,
  AfterSalePage,
  AfterSalePath,
  AfterSaleRequestView,
  AfterSaleShipRequest,
  OpenAfterSaleRequest,
} from '@tp/contract';
import { caller, postRoutes } from '../../platform/http/index';
import { sendStoredFile } from '../../platform/uploads/index';
import type { AfterSaleService } from './aftersale.service';

const PhotoParams = z.object({ requestId: z.string().regex(/^\d{1,18}$/), photoId: z.uuid() });

/** Both parties' steps need a firm user; staff arbitrate with their own right. */
export function registerAfterSaleRoutes(app: FastifyInstance, aftersale: AfterSaleService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const post = postRoutes(app, { user: { auth: 'user' }, staff: { auth: { staff: 'aftersale.arbitrate' } } });

  post.user(AfterSalePath.open, OpenAfterSaleRequest, AfterSaleRequestView, (body, request) => aftersale.open(caller(request), body));
  post.user(AfterSalePath.list, AfterSaleListRequest, AfterSalePage, (body, request) => aftersale.list(caller(request), body));
  post.user(AfterSalePath.detail, AfterSaleIdRequest, AfterSaleRequestView, (body, request) => aftersale.detail(caller(request), Number(body.requestId)));
  post.user(AfterSalePath.ofOrder, AfterSaleOfOrderRequest, AfterSaleOfOrder, (body, request) => aftersale.ofOrder(caller(request), body.kind, body.orderId));
  post.user(AfterSalePath.answer, AfterSaleAnswerRequest, AfterSaleRequestView, (body, request) => aftersale.answer(caller(request), body));
  post.user(AfterSalePath.arbitrate, AfterSaleArbitrateRequest, AfterSaleRequestView, (body, request) => aftersale.arbitrate(caller(request), body));
  post.user(AfterSalePath.shipBack, AfterSaleShipRequest, AfterSaleRequestView, (body, request) => aftersale.shipBack(caller(request), body));
  post.user(AfterSalePath.confirmReturn, AfterSaleIdRequest, AfterSaleRequestView, (body, request) => aftersale.confirmReturn(caller(request), body));
  post.user(AfterSalePath.shipReplacement, AfterSaleShipRequest, AfterSaleRequestView, (body, request) => aftersale.shipReplacement(caller(request), body));
  post.user(AfterSalePath.confirmReplacement, AfterSaleIdRequest, AfterSaleRequestView, (body, request) => aftersale.confirmReplacement(caller(request), body));

  post.staff(AdminAfterSalePath.list, AdminAfterSaleListRequest, AfterSalePage, (body, request) => aftersale.admin.list(caller(request), body));
  post.staff(AdminAfterSalePath.detail, AfterSaleIdRequest, AfterSaleRequestView, (body, request) => aftersale.admin.detail(caller(request), Number(body.requestId)));
  post.staff(AdminAfterSalePath.decide, AdminAfterSaleDecideRequest, AfterSaleRequestView, (body, request) => aftersale.admin.decide(caller(request), body));

  for (const [url, auth] of [
    [AfterSalePath.photo, 'user'],
    [AdminAfterSalePath.photo, { staff: 'aftersale.arbitrate' }],
  ] as const) {
    r.get(url, { config: { auth }, schema: { params: PhotoParams } }, async (request, reply) =>
      sendStoredFile(reply, await aftersale.photo(caller(request), Number(request.params.requestId), request.params.photoId), { disposition: 'inline', maxAgeSeconds: 3600 }),
    );
  }
}

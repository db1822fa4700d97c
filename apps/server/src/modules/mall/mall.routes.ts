import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MallAdminGoodsRequest,
  MallAdminOrdersRequest,
  MallAuditRequest,
  MallClass,
  MallClassList,
  MallClassSaveRequest,
  MallGoods,
  MallGoodsIdRequest,
  MallGoodsListRequest,
  MallGoodsPage,
  MallGoodsRequest,
  MallGoodsUpdateRequest,
  MallMineRequest,
  MallMobilePayRequest,
  MallMobilePayment,
  MallOrder,
  MallOrderIdRequest,
  MallOrderListRequest,
  MallOrderPage,
  MallOrderRequest,
  MallPath,
  MallPayRequest,
  MallShipRequest,
  UploadedFile,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import { readOptionalImage, sendStoredFile } from '../../platform/uploads/index';
import type { MallService } from './mall.service';

const ImageParams = z.object({ commodityId: z.string().regex(/^\d{1,18}$/), index: z.coerce.number().int().min(0).max(4) });
/** Publishing, uploading and ordering are a few a minute for a person; more is a script. */
const WRITE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
const EmptyRequest = z.strictObject({}).optional();

/** Goods on sale, their pictures and the classes are public; the rest needs a firm user, or staff with the mall right. */
export function registerMallRoutes(app: FastifyInstance, mall: MallService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  const staff = { auth: { staff: 'mall.manage' } } as const;
  const anyone = { auth: 'optional' } as const;
  const post = postRoutes(app, { user, staff, anyone, userWrites: { ...user, rateLimit: WRITE_LIMIT } });
  const { goods, orders } = mall;

  post.anyone(MallPath.classes, EmptyRequest, MallClassList, () => goods.classes());
  post.anyone(MallPath.goods, MallGoodsListRequest, MallGoodsPage, (body, request) => goods.list(request.auth, body));
  post.anyone(MallPath.detail, MallGoodsIdRequest, MallGoods, (body, request) => goods.detail(request.auth, Number(body.commodityId)));
  for (const [url, variant] of [
    [MallPath.image, 'file'],
    [MallPath.thumb, 'thumb'],
  ] as const) {
    r.get(url, { schema: { params: ImageParams }, config: anyone }, async (request, reply) =>
      sendStoredFile(reply, await goods.image(request.auth, Number(request.params.commodityId), request.params.index, variant), { disposition: 'inline', maxAgeSeconds: 300 }),
    );
  }
  r.post(MallPath.upload, { schema: { consumes: ['multipart/form-data'], response: replyOf(UploadedFile) }, config: { ...user, rateLimit: WRITE_LIMIT } }, async (request) =>
    ok(await goods.upload(caller(request), await readOptionalImage(request, 'mall'), request.lang)),
  );
  post.user(MallPath.mine, MallMineRequest, MallGoodsPage, (body, request) => goods.mine(caller(request), body));
  post.userWrites(MallPath.create, MallGoodsRequest, MallGoods, (body, request) => goods.create(caller(request), body, request.lang));
  post.userWrites(MallPath.update, MallGoodsUpdateRequest, MallGoods, (body, request) => goods.update(caller(request), body, request.lang));
  post.user(MallPath.offShelf, MallGoodsIdRequest, MallGoods, (body, request) => goods.offShelf(caller(request), Number(body.commodityId)));

  post.user(MallPath.orderAdd, MallOrderRequest, MallOrder, (body, request) => orders.add(caller(request), body, request.lang));
  post.user(MallPath.orderPay, MallPayRequest, MallOrder, (body, request) => orders.pay(caller(request), Number(body.orderId), body.fundPassword));
  post.user(MallPath.orderMobilePay, MallMobilePayRequest, MallMobilePayment, (body, request) => orders.mobilePay(caller(request), Number(body.orderId), body.channel));
  post.user(MallPath.orders, MallOrderListRequest, MallOrderPage, (body, request) => orders.list(caller(request), body));
  post.user(MallPath.orderDetail, MallOrderIdRequest, MallOrder, (body, request) => orders.detail(caller(request), Number(body.orderId)));
  post.user(MallPath.orderCancel, MallOrderIdRequest, MallOrder, (body, request) => orders.cancel(caller(request), Number(body.orderId)));
  post.user(MallPath.orderShip, MallShipRequest, MallOrder, (body, request) => orders.ship(caller(request), Number(body.orderId), body.trackingNo));
  post.user(MallPath.orderReceive, MallOrderIdRequest, MallOrder, (body, request) => orders.receive(caller(request), Number(body.orderId)));

  post.staff(MallPath.adminClasses, EmptyRequest, MallClassList, () => goods.adminClasses());
  post.staff(MallPath.adminSaveClass, MallClassSaveRequest, MallClass, (body, request) => goods.saveClass(caller(request), body));
  post.staff(MallPath.adminGoods, MallAdminGoodsRequest, MallGoodsPage, (body) => goods.adminGoods(body));
  post.staff(MallPath.adminAudit, MallAuditRequest, MallGoods, (body, request) => goods.audit(caller(request), body));
  post.staff(MallPath.adminOrders, MallAdminOrdersRequest, MallOrderPage, (body) => orders.adminList(body));
}

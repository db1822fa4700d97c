import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminProduct,
  AdminProductListRequest,
  AdminProductPage,
  Cart,
  CartAddRequest,
  CartRemoveRequest,
  CheckoutRequest,
  CheckoutResult,
  Product,
  ProductAuditRequest,
  ProductIdRequest,
  ProductListRequest,
  ProductMineRequest,
  ProductOffShelfRequest,
  ProductOrder,
  ProductOrderIdRequest,
  ProductOrderListRequest,
  ProductOrderPage,
  ProductPage,
  ProductPath,
  ProductRequest,
  ProductUpdateRequest,
  SellerCancelRequest,
  ShipRequest,
  Shop,
  ShopRequest,
  ShopRequestById,
  UploadedFile,
} from '@tp/contract';
import { readOptionalImage, type OpenedFile } from '../../platform/uploads/index';
import { caller, ok, replyOf } from '../../platform/http/index';
import type { ProductService } from './product.service';

const ImageParams = z.object({ productId: z.string().regex(/^\d{1,18}$/), index: z.coerce.number().int().min(0).max(4) });
const LogoParams = z.object({ firmId: z.string().regex(/^\d{1,18}$/) });
/** Writing products and uploading are a few a minute for a person; more is a script. */
const WRITE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
const CartUpdateRequest = CartAddRequest;

/** Products on sale, their pictures and shop fronts are public; the rest needs a firm user or staff. */
export function registerProductRoutes(app: FastifyInstance, product: ProductService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  const staff = { auth: { staff: 'product.review' } } as const;
  const optional = { auth: 'optional' } as const;
  const sendFile = (reply: FastifyReply, file: OpenedFile) =>
    reply.type(file.mime).header('content-length', file.bytes).header('content-disposition', `inline; filename="${file.filename}"`).header('cache-control', 'private, max-age=300').send(file.stream);

  r.post(ProductPath.list, { schema: { body: ProductListRequest, response: replyOf(ProductPage) }, config: optional }, async (request) => ok(await product.list(request.auth, request.body)));
  r.post(ProductPath.detail, { schema: { body: ProductIdRequest, response: replyOf(Product) }, config: optional }, async (request) =>
    ok(await product.detail(request.auth, Number(request.body.productId))),
  );
  for (const [url, variant] of [
    [ProductPath.image, 'file'],
    [ProductPath.thumb, 'thumb'],
  ] as const) {
    r.get(url, { schema: { params: ImageParams }, config: optional }, async (request, reply) =>
      sendFile(reply, await product.image(request.auth, Number(request.params.productId), request.params.index, variant)),
    );
  }
  for (const [url, variant] of [
    [ProductPath.shopLogo, 'file'],
    [ProductPath.shopLogoThumb, 'thumb'],
  ] as const) {
    r.get(url, { schema: { params: LogoParams }, config: optional }, async (request, reply) => sendFile(reply, await product.shopLogo(Number(request.params.firmId), variant)));
  }
  r.post(ProductPath.shop, { schema: { body: ShopRequestById, response: replyOf(Shop) }, config: optional }, async (request) => ok(await product.shop(request.auth, Number(request.body.firmId))));

  r.post(ProductPath.upload, { schema: { consumes: ['multipart/form-data'], response: replyOf(UploadedFile) }, config: { ...user, rateLimit: WRITE_LIMIT } }, async (request) =>
    ok(await product.upload(caller(request), await readOptionalImage(request, 'product'), request.lang)),
  );
  r.post(ProductPath.shopMine, { schema: { response: replyOf(Shop.nullable()) }, config: user }, async (request) => ok(await product.myShop(caller(request))));
  r.post(ProductPath.shopSave, { schema: { body: ShopRequest, response: replyOf(Shop) }, config: { ...user, rateLimit: WRITE_LIMIT } }, async (request) =>
    ok(await product.saveShop(caller(request), request.body, request.lang)),
  );
  r.post(ProductPath.mine, { schema: { body: ProductMineRequest, response: replyOf(ProductPage) }, config: user }, async (request) => ok(await product.mine(caller(request), request.body)));
  r.post(ProductPath.create, { schema: { body: ProductRequest, response: replyOf(Product) }, config: { ...user, rateLimit: WRITE_LIMIT } }, async (request) =>
    ok(await product.create(caller(request), request.body, request.lang)),
  );
  r.post(ProductPath.update, { schema: { body: ProductUpdateRequest, response: replyOf(Product) }, config: { ...user, rateLimit: WRITE_LIMIT } }, async (request) =>
    ok(await product.update(caller(request), request.body, request.lang)),
  );
  r.post(ProductPath.submit, { schema: { body: ProductIdRequest, response: replyOf(Product) }, config: user }, async (request) =>
    ok(await product.submit(caller(request), Number(request.body.productId))),
  );
  r.post(ProductPath.offShelf, { schema: { body: ProductIdRequest, response: replyOf(Product) }, config: user }, async (request) =>
    ok(await product.offShelf(caller(request), Number(request.body.productId))),
  );

  r.post(ProductPath.cart, { schema: { response: replyOf(Cart) }, config: user }, async (request) => ok(await product.cart(caller(request))));
  r.post(ProductPath.cartAdd, { schema: { body: CartAddRequest, response: replyOf(Cart) }, config: user }, async (request) =>
    ok(await product.cartAdd(caller(request), Number(request.body.productId), request.body.quantity)),
  );
  r.post(ProductPath.cartUpdate, { schema: { body: CartUpdateRequest, response: replyOf(Cart) }, config: user }, async (request) =>
    ok(await product.cartUpdate(caller(request), Number(request.body.productId), request.body.quantity)),
  );
  r.post(ProductPath.cartRemove, { schema: { body: CartRemoveRequest, response: replyOf(Cart) }, config: user }, async (request) =>
    ok(await product.cartRemove(caller(request), Number(request.body.productId))),
  );
  r.post(ProductPath.checkout, { schema: { body: CheckoutRequest, response: replyOf(CheckoutResult) }, config: user }, async (request) =>
    ok(await product.checkout(caller(request), request.body.total, Number(request.body.consigneeId))),
  );
  r.post(ProductPath.orders, { schema: { body: ProductOrderListRequest, response: replyOf(ProductOrderPage) }, config: user }, async (request) =>
    ok(await product.orders(caller(request), request.body)),
  );
  r.post(ProductPath.ship, { schema: { body: ShipRequest, response: replyOf(ProductOrder) }, config: user }, async (request) =>
    ok(await product.ship(caller(request), Number(request.body.orderId), request.body.trackingNo)),
  );
  r.post(ProductPath.receive, { schema: { body: ProductOrderIdRequest, response: replyOf(ProductOrder) }, config: user }, async (request) =>
    ok(await product.receive(caller(request), Number(request.body.orderId))),
  );
  r.post(ProductPath.cancel, { schema: { body: ProductOrderIdRequest, response: replyOf(ProductOrder) }, config: user }, async (request) =>
    ok(await product.cancel(caller(request), Number(request.body.orderId))),
  );
  r.post(ProductPath.sellerCancel, { schema: { body: SellerCancelRequest, response: replyOf(ProductOrder) }, config: user }, async (request) =>
    ok(await product.sellerCancel(caller(request), Number(request.body.orderId), request.body.reason)),
  );

  r.post(ProductPath.adminList, { schema: { body: AdminProductListRequest, response: replyOf(AdminProductPage) }, config: staff }, async (request) =>
    ok(await product.adminList(caller(request), request.body)),
  );
  r.post(ProductPath.adminAudit, { schema: { body: ProductAuditRequest, response: replyOf(AdminProduct) }, config: staff }, async (request) =>
    ok(await product.audit(caller(request), request.body)),
  );
  r.post(ProductPath.adminOffShelf, { schema: { body: ProductOffShelfRequest, response: replyOf(AdminProduct) }, config: staff }, async (request) =>
    ok(await product.forceOffShelf(caller(request), request.body)),
  );
}

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
import { readOptionalImage, sendStoredFile, type OpenedFile } from '../../platform/uploads/index';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
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
  const post = postRoutes(app, { user, staff, anyone: optional, userWrites: { ...user, rateLimit: WRITE_LIMIT } });
  const sendFile = (reply: FastifyReply, file: OpenedFile) => sendStoredFile(reply, file, { disposition: 'inline', maxAgeSeconds: 300 });

  post.anyone(ProductPath.list, ProductListRequest, ProductPage, (body, request) => product.list(request.auth, body));
  post.anyone(ProductPath.detail, ProductIdRequest, Product, (body, request) => product.detail(request.auth, Number(body.productId)));
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
  post.anyone(ProductPath.shop, ShopRequestById, Shop, (body, request) => product.shop(request.auth, Number(body.firmId)));

  r.post(ProductPath.upload, { schema: { consumes: ['multipart/form-data'], response: replyOf(UploadedFile) }, config: { ...user, rateLimit: WRITE_LIMIT } }, async (request) =>
    ok(await product.upload(caller(request), await readOptionalImage(request, 'product'), request.lang)),
  );
  r.post(ProductPath.shopMine, { schema: { response: replyOf(Shop.nullable()) }, config: user }, async (request) => ok(await product.myShop(caller(request))));
  post.userWrites(ProductPath.shopSave, ShopRequest, Shop, (body, request) => product.saveShop(caller(request), body, request.lang));
  post.user(ProductPath.mine, ProductMineRequest, ProductPage, (body, request) => product.mine(caller(request), body));
  post.userWrites(ProductPath.create, ProductRequest, Product, (body, request) => product.create(caller(request), body, request.lang));
  post.userWrites(ProductPath.update, ProductUpdateRequest, Product, (body, request) => product.update(caller(request), body, request.lang));
  post.user(ProductPath.submit, ProductIdRequest, Product, (body, request) => product.submit(caller(request), Number(body.productId)));
  post.user(ProductPath.offShelf, ProductIdRequest, Product, (body, request) => product.offShelf(caller(request), Number(body.productId)));

  r.post(ProductPath.cart, { schema: { response: replyOf(Cart) }, config: user }, async (request) => ok(await product.cart(caller(request))));
  post.user(ProductPath.cartAdd, CartAddRequest, Cart, (body, request) => product.cartAdd(caller(request), Number(body.productId), body.quantity));
  post.user(ProductPath.cartUpdate, CartUpdateRequest, Cart, (body, request) => product.cartUpdate(caller(request), Number(body.productId), body.quantity));
  post.user(ProductPath.cartRemove, CartRemoveRequest, Cart, (body, request) => product.cartRemove(caller(request), Number(body.productId)));
  post.user(ProductPath.checkout, CheckoutRequest, CheckoutResult, (body, request) => product.checkout(caller(request), body.total, Number(body.consigneeId)));
  post.user(ProductPath.orders, ProductOrderListRequest, ProductOrderPage, (body, request) => product.orders(caller(request), body));
  post.user(ProductPath.ship, ShipRequest, ProductOrder, (body, request) => product.ship(caller(request), Number(body.orderId), body.trackingNo));
  post.user(ProductPath.receive, ProductOrderIdRequest, ProductOrder, (body, request) => product.receive(caller(request), Number(body.orderId)));
  post.user(ProductPath.cancel, ProductOrderIdRequest, ProductOrder, (body, request) => product.cancel(caller(request), Number(body.orderId)));
  post.user(ProductPath.sellerCancel, SellerCancelRequest, ProductOrder, (body, request) => product.sellerCancel(caller(request), Number(body.orderId), body.reason));

  post.staff(ProductPath.adminList, AdminProductListRequest, AdminProductPage, (body, request) => product.adminList(caller(request), body));
  post.staff(ProductPath.adminAudit, ProductAuditRequest, AdminProduct, (body, request) => product.audit(caller(request), body));
  post.staff(ProductPath.adminOffShelf, ProductOffShelfRequest, AdminProduct, (body, request) => product.forceOffShelf(caller(request), body));
}

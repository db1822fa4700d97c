import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IntegralGoods,
  IntegralGoodsIdRequest,
  IntegralGoodsListRequest,
  IntegralGoodsPage,
  IntegralHistoryPage,
  IntegralHistoryRequest,
  IntegralPath,
  IntegralRuleList,
  IntegralShipRequest,
  IntegralSummary,
  RedeemRequest,
  Redemption,
  RedemptionIdRequest,
  RedemptionListRequest,
  RedemptionPage,
  RewardApplication,
  RewardApplicationListRequest,
  RewardApplicationPage,
  RewardApplyRequest,
  RewardDecisionRequest,
  SaveIntegralGoods,
  SaveIntegralRule,
  SignInResult,
  UploadedFile,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import { readOptionalImage, sendStoredFile } from '../../platform/uploads/index';
import type { IntegralService } from './integral.service';

const ImageParams = z.object({ goodsId: z.string().regex(/^\d{1,18}$/) });
const Empty = z.strictObject({}).optional();
/** Sign-ins, redemptions and applications are a few a minute for a person; more is a script. */
const WRITE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export function registerIntegralRoutes(app: FastifyInstance, integral: IntegralService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { auth: { staff: 'integral.manage' } } as const;
  const post = postRoutes(app, { anyone: { auth: 'optional' }, user: { auth: 'user' }, writes: { auth: 'user', rateLimit: WRITE_LIMIT }, staff });

  post.anyone(IntegralPath.goods, IntegralGoodsListRequest, IntegralGoodsPage, (body, request) => integral.goods(request.auth ?? null, body));
  post.anyone(IntegralPath.goodsDetail, IntegralGoodsIdRequest, IntegralGoods, (body, request) => integral.goodsDetail(request.auth ?? null, Number(body.goodsId)));
  for (const [url, variant] of [
    [IntegralPath.goodsImage, 'file'],
    [IntegralPath.goodsThumb, 'thumb'],
  ] as const) {
    r.get(url, { schema: { params: ImageParams }, config: { auth: 'optional' } }, async (request, reply) =>
      sendStoredFile(reply, await integral.image(Number(request.params.goodsId), variant), { disposition: 'inline', maxAgeSeconds: 300 }),
    );
  }

  post.user(IntegralPath.summary, Empty, IntegralSummary, (_body, request) => integral.summary(caller(request)));
  post.user(IntegralPath.history, IntegralHistoryRequest, IntegralHistoryPage, (body, request) => integral.history(caller(request), body));
  post.writes(IntegralPath.signIn, Empty, SignInResult, (_body, request) => integral.signIn(caller(request)));
  post.writes(IntegralPath.redeem, RedeemRequest, Redemption, (body, request) => integral.redeem(caller(request), body));
  post.user(IntegralPath.redemptions, RedemptionListRequest, RedemptionPage, (body, request) => integral.redemptions(caller(request), body));
  post.user(IntegralPath.cancel, RedemptionIdRequest, Redemption, (body, request) => integral.cancel(caller(request), Number(body.redemptionId)));
  post.user(IntegralPath.receive, RedemptionIdRequest, Redemption, (body, request) => integral.receive(caller(request), Number(body.redemptionId)));
  post.writes(IntegralPath.apply, RewardApplyRequest, RewardApplication, (body, request) => integral.apply(caller(request), body.reason));
  post.user(IntegralPath.applications, RewardApplicationListRequest, RewardApplicationPage, (body, request) => integral.applications(caller(request), body));

  post.staff(IntegralPath.adminRules, Empty, IntegralRuleList, () => integral.rules());
  post.staff(IntegralPath.adminSaveRule, SaveIntegralRule, IntegralRuleList, (body, request) => integral.saveRule(caller(request), body));
  post.staff(IntegralPath.adminGoods, IntegralGoodsListRequest, IntegralGoodsPage, (body) => integral.adminGoods(body));
  post.staff(IntegralPath.adminSaveGoods, SaveIntegralGoods, IntegralGoods, (body, request) => integral.saveGoods(caller(request), body));
  r.post(IntegralPath.adminUpload, { schema: { consumes: ['multipart/form-data'], response: replyOf(UploadedFile) }, config: staff }, async (request) =>
    ok(await integral.upload(caller(request), await readOptionalImage(request, 'integral goods'))),
  );
  post.staff(IntegralPath.adminRedemptions, RedemptionListRequest, RedemptionPage, (body) => integral.adminRedemptions(body));
  post.staff(IntegralPath.adminShip, IntegralShipRequest, Redemption, (body, request) => integral.ship(caller(request), Number(body.redemptionId), body.trackingNo));
  post.staff(IntegralPath.adminApplications, RewardApplicationListRequest, RewardApplicationPage, (body) => integral.adminApplications(body));
  post.staff(IntegralPath.adminDecide, RewardDecisionRequest, RewardApplication, (body, request) => integral.decide(caller(request), body));
}

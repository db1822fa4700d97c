import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AssetFlowPage, AssetFlowRequest, AssetOverview, ExchangeAsset, ExchangeAssetPath, TransferRequest, TransferResult } from '@tp/contract';
import { z } from 'zod';
import { caller, ok, replyOf } from '../../platform/http/index';
import type { AssetService } from './asset.service';

/** Transfers move money: a tight per-IP limit on top of the ledger's own checks. */
const TRANSFER_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export function registerAssetRoutes(app: FastifyInstance, assets: AssetService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(ExchangeAssetPath.assets, { schema: { response: replyOf(z.array(ExchangeAsset)) } }, async () => ok(await assets.list()));
  r.post(ExchangeAssetPath.overview, { schema: { response: replyOf(AssetOverview) }, config: { auth: 'user' } }, async (request) =>
    ok(await assets.overview(caller(request).userId)),
  );
  r.post(
    ExchangeAssetPath.transfer,
    { schema: { body: TransferRequest, response: replyOf(TransferResult) }, config: { auth: 'user', rateLimit: TRANSFER_LIMIT } },
    async (request) => ok(await assets.transfer(caller(request).userId, request.body)),
  );
  r.post(ExchangeAssetPath.flow, { schema: { body: AssetFlowRequest, response: replyOf(AssetFlowPage) }, config: { auth: 'user' } }, async (request) =>
    ok(await assets.flow(caller(request).userId, request.body)),
  );
}

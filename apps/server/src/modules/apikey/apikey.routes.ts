import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKey, ApiKeyPath, CreateApiKeyRequest, CreatedApiKey, DeleteApiKeyRequest } from '@tp/contract';
import { caller, ok, replyOf } from '../../platform/http/index';
import type { ApiKeyService } from './apikey.service';

const uid = (request: Parameters<typeof caller>[0]) => Number(caller(request).userId);

export function registerApiKeyRoutes(app: FastifyInstance, apiKeys: ApiKeyService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' } as const;
  r.post(ApiKeyPath.create, { schema: { body: CreateApiKeyRequest, response: replyOf(CreatedApiKey) }, config: { ...user, secondFactor: true } }, async (request) =>
    ok(await apiKeys.create(uid(request), request.body)),
  );
  r.post(ApiKeyPath.list, { schema: { response: replyOf(z.array(ApiKey)) }, config: user }, async (request) => ok(await apiKeys.list(uid(request))));
  r.post(ApiKeyPath.delete, { schema: { body: DeleteApiKeyRequest, response: replyOf(z.null()) }, config: user }, async (request) => {
    await apiKeys.remove(uid(request), request.body.id);
    return ok(null);
  });
}

/** API keys for programmatic trading: created by their owner, checked on every signed request. */
export { createApiKeyService, canonicalIp, type ApiKeyService, type ApiKeyServiceDeps, type SignedRequest } from './apikey.service';
export { registerApiKeyRoutes } from './apikey.routes';
export { ApiKeyRejectedError, type ApiKeyRejection } from './apikey.errors';

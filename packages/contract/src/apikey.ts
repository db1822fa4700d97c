import { z } from 'zod';
import { RowId } from './envelope';
import { secondFactorField } from './security';

/** API keys for programmatic trading: created, listed and deleted by the logged-in user. */
export const ApiKeyPath = {
  create: '/api/apikeys/create',
  list: '/api/apikeys/list',
  delete: '/api/apikeys/delete',
} as const;

export const ApiKeyCode = {
  tooMany: '-3401',
  expiryPassed: '-3402',
} as const;

/** `read` is always granted; `trade` adds placing and cancelling orders. */
export const ApiKeyScope = z.enum(['read', 'trade']);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;
export const API_KEY_SCOPES = ApiKeyScope.options;

export const MAX_API_KEYS = 20;
export const API_KEY_LABEL_MAX = 32;
export const API_KEY_IP_MAX = 20;

export const IpAddress = z.union([z.ipv4(), z.ipv6()]);

export const CreateApiKeyRequest = z.strictObject({
  label: z.string().trim().min(1).max(API_KEY_LABEL_MAX),
  scopes: z.array(ApiKeyScope).max(API_KEY_SCOPES.length).default(['read']),
  /** Empty: any address may use the key. */
  ipWhitelist: z.array(IpAddress).max(API_KEY_IP_MAX).default([]),
  /** ISO date-time; absent: the key does not expire. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  /** The authenticator's code, when the user turned two-factor authentication on. */
  ...secondFactorField,
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

export const ApiKey = z.object({
  id: z.string(),
  label: z.string(),
  apiKey: z.string(),
  scopes: z.array(ApiKeyScope),
  ipWhitelist: z.array(z.string()),
  /** Null when the key does not expire. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to a creation: the only time the secret is ever shown. */
export const CreatedApiKey = ApiKey.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const DeleteApiKeyRequest = z.strictObject({ id: RowId });
export type DeleteApiKeyRequest = z.infer<typeof DeleteApiKeyRequest>;

import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, identityKey, userIdColumn } from '../../platform/db/columns';
import type { ApiKeyScope } from '@tp/contract';

/**
 * A user's API keys. The key itself identifies the caller and is stored as it is; the secret is
 * stored only encrypted (see `secret-box.ts`), because verifying an HMAC signature needs it back.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    label: text('label').notNull(),
    apiKey: text('api_key').notNull(),
    secretCipher: text('secret_cipher').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    ipWhitelist: text('ip_whitelist').array().notNull().default([]),
    expiresAt: at('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_key_uq').on(t.apiKey), index('api_keys_user_idx').on(t.userId, t.id)],
);

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { ApiKeyScope, MAX_API_KEYS, type ApiKey, type CreateApiKeyRequest, type CreatedApiKey } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { type Db, withTransaction } from '../../platform/db/index';
import { ApiKeyNotFoundError, ApiKeyRejectedError, ExpiryPassedError, TooManyApiKeysError } from './apikey.errors';
import * as repo from './apikey.repo';
import { createSecretBox } from './secret-box';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_LENGTH = 64;
const KEY_FORMAT = /^[A-Za-z0-9]{64}$/;
const SIGNATURE_FORMAT = /^[0-9a-fA-F]{64}$/;

function randomToken(): string {
  let out = '';
  for (let i = 0; i < KEY_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** One spelling per address: IPv4-mapped IPv6 as IPv4, IPv6 compressed and lower case. */
export function canonicalIp(ip: string): string {
  const trimmed = ip.trim();
  if (isIP(trimmed) === 4) return trimmed;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  if (mapped?.[1] && isIP(mapped[1]) === 4) return mapped[1];
  if (isIP(trimmed) === 6) return new URL(`http://[${trimmed}]/`).hostname.slice(1, -1);
  return trimmed;
}

/** Trading implies reading: a key that may trade may also read what it traded. */
const scopesOf = (requested: readonly ApiKeyScope[]): ApiKeyScope[] =>
  requested.includes(ApiKeyScope.enum.trade) ? [ApiKeyScope.enum.read, ApiKeyScope.enum.trade] : [ApiKeyScope.enum.read];

function toApiKey(row: repo.ListedApiKey): ApiKey {
  return {
    id: String(row.id),
    label: row.label,
    apiKey: row.apiKey,
    scopes: scopesOf(row.scopes),
    ipWhitelist: row.ipWhitelist,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ApiKeyServiceDeps {
  db: Db;
  clock: Clock;
  /** The server's APP_SECRET: the secrets' encryption key is derived from it. */
  appSecret: string;
}

/** What a signed request presents; `payload` is exactly the text the client signed. */
export interface SignedRequest {
  apiKey: string;
  ip: string;
  scope: ApiKeyScope;
  payload: string;
  signature: string;
}

export function createApiKeyService({ db, clock, appSecret }: ApiKeyServiceDeps) {
  const box = createSecretBox(appSecret);

  return {
    /** Creates a key; the answer carries the secret, which is never shown again. */
    async create(userId: number, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
      const now = clock.now();
      const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new ExpiryPassedError();
      const apiKey = randomToken();
      const secret = randomToken();
      const row = await withTransaction(db, async (tx) => {
        await repo.lockUserKeys(tx, userId);
        if ((await repo.countKeys(tx, userId)) >= MAX_API_KEYS) throw new TooManyApiKeysError();
        return repo.insertKey(tx, {
          userId,
          label: request.label.trim(),
          apiKey,
          secretCipher: box.seal(secret, apiKey),
          scopes: scopesOf(request.scopes ?? []),
          ipWhitelist: [...new Set((request.ipWhitelist ?? []).map(canonicalIp))],
          expiresAt,
          createdAt: now,
        });
      });
      return { ...toApiKey(row), secret };
    },

    async list(userId: number): Promise<ApiKey[]> {
      return (await repo.listKeys(db, userId)).map(toApiKey);
    },

    /** Deletes one of the user's own keys; anyone else's is "not found". */
    async remove(userId: number, id: string): Promise<void> {
      if (!(await repo.deleteKey(db, userId, Number(id)))) throw new ApiKeyNotFoundError();
    },

    /**
     * Checks a signed request: a known, unexpired key, called from a whitelisted address, with a
     * valid HMAC-SHA256 of the payload (compared in constant time), and the scope the call needs.
     * Returns the key's owner and scopes.
     */
    async verify(request: SignedRequest): Promise<{ userId: number; keyId: number; scopes: ApiKeyScope[] }> {
      if (!KEY_FORMAT.test(request.apiKey)) throw new ApiKeyRejectedError('format');
      const row = await repo.findByKey(db, request.apiKey);
      if (!row) throw new ApiKeyRejectedError('unknown');
      if (row.expiresAt && row.expiresAt.getTime() <= clock.now().getTime()) throw new ApiKeyRejectedError('expired');
      if (row.ipWhitelist.length > 0 && !row.ipWhitelist.includes(canonicalIp(request.ip))) throw new ApiKeyRejectedError('ip');
      if (!SIGNATURE_FORMAT.test(request.signature)) throw new ApiKeyRejectedError('signature');
      const expected = createHmac('sha256', box.open(row.secretCipher, row.apiKey)).update(request.payload, 'utf8').digest();
      if (!timingSafeEqual(expected, Buffer.from(request.signature, 'hex'))) throw new ApiKeyRejectedError('signature');
      if (!scopesOf(row.scopes).includes(request.scope)) throw new ApiKeyRejectedError('scope');
      return { userId: row.userId, keyId: row.id, scopes: scopesOf(row.scopes) };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

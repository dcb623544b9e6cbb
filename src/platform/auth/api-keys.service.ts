import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { DbOrTrx } from '../db/database.js';
import { toDbTime, toIsoNoZone } from '../db/sql-helpers.js';
import { UnauthorizedError } from '../http/errors.js';
import { hmacHex, safeEqual } from '../security/hashing.js';
import type { SecretBox } from '../security/secret-box.js';
import {
  type ApiKeyRow,
  deleteApiKeyRow,
  findApiKeyByHash,
  findApiKeys,
  forgetApiKeyNoncesBefore,
  insertApiKey,
  recordApiKeyAccess,
  rememberApiKeyNonce,
} from './api-keys.repository.js';
import { oauthBaseString, oauthSign, type PhpParams } from './oauth1.js';
import type { ApiKeyPermissions } from './principal.js';

export type { ApiKeyPermissions } from './principal.js';

/** The permissions a key can have, in WooCommerce's words. */
export const API_KEY_PERMISSIONS: readonly ApiKeyPermissions[] = ['read', 'write', 'read_write'];

/** What creating, checking and revoking keys needs: the database, the clock, the server secret and its box. */
export interface ApiKeyDeps {
  db: DbOrTrx;
  clock: Clock;
  /** The server secret (STORESIDE_SECRET): consumer keys are stored as its HMAC. */
  secret: string;
  /** Seals consumer secrets (OAuth 1.0a needs them back to verify signatures). */
  secrets: SecretBox;
}

/** The public view of a key (WooCommerce's columns; never the key or the secret). */
export interface ApiKeyView {
  key_id: number;
  user_id: number;
  description: string;
  permissions: ApiKeyPermissions;
  truncated_key: string;
  last_access: string | null;
  created: string;
}

/** A key just created: its view plus the consumer key and secret, shown only this once. */
export type CreatedApiKey = ApiKeyView & { consumer_key: string; consumer_secret: string };

/** The OAuth 1.0a timestamp window either side of now, in seconds (WooCommerce's 15 minutes). */
export const OAUTH_WINDOW_SECONDS = 15 * 60;
let lastNoncePurge = Number.NEGATIVE_INFINITY;

/** The error every refused key gets (WooCommerce's code, status 401). */
export function apiKeyError(message: string): UnauthorizedError {
  return new UnauthorizedError('woocommerce_rest_authentication_error', message);
}

/** True when `value` names a permission. */
export function isApiKeyPermissions(value: unknown): value is ApiKeyPermissions {
  return API_KEY_PERMISSIONS.includes(value as ApiKeyPermissions);
}

/** Creates a key for a user: `ck_` and `cs_` followed by 40 hex characters each, returned only here. */
export async function createApiKey(
  deps: ApiKeyDeps,
  input: { userId: number; description: string; permissions: ApiKeyPermissions },
): Promise<CreatedApiKey> {
  const consumerKey = `ck_${randomBytes(20).toString('hex')}`;
  const consumerSecret = `cs_${randomBytes(20).toString('hex')}`;
  const row: Omit<ApiKeyRow, 'id'> = {
    user_id: input.userId,
    description: input.description.trim(),
    permissions: input.permissions,
    consumer_key_hash: hashConsumerKey(deps.secret, consumerKey),
    consumer_secret_sealed: deps.secrets.encrypt(consumerSecret),
    truncated_key: consumerKey.slice(-7),
    last_access: null,
    created_at: toDbTime(deps.clock.now()),
  };
  const id = await insertApiKey(deps.db, row);
  return { ...toView({ ...row, id }), consumer_key: consumerKey, consumer_secret: consumerSecret };
}

/** Every key of a user, or of every user when `userId` is undefined. */
export async function listApiKeys(db: DbOrTrx, userId?: number): Promise<ApiKeyView[]> {
  return (await findApiKeys(db, userId)).map(toView);
}

/** Revokes a key (of `userId` when given), effective on every instance at once; null when there is none. */
export async function revokeApiKey(
  db: DbOrTrx,
  input: { id: number; userId?: number },
): Promise<ApiKeyView | null> {
  const row = await deleteApiKeyRow(db, input);
  return row ? toView(row) : null;
}

/** The key of a consumer key and secret sent as they are (HTTP Basic or query parameters over HTTPS). */
export async function checkApiKeySecret(
  deps: ApiKeyDeps,
  input: { consumerKey: string; consumerSecret: string },
): Promise<ApiKeyRow> {
  const row = await keyOf(deps, input.consumerKey);
  if (!safeEqual(deps.secrets.decrypt(row.consumer_secret_sealed), input.consumerSecret))
    throw apiKeyError('Consumer secret is invalid.');
  await noteAccess(deps, row);
  return row;
}

/**
 * The key of an OAuth 1.0a one-legged request, as WooCommerce checks it: parameters present, key known,
 * HMAC-SHA1/SHA256 signature over the base string, timestamp within 15 minutes, nonce not used before.
 */
export async function checkApiKeyOAuth(
  deps: ApiKeyDeps,
  input: { method: string; url: string; params: PhpParams },
): Promise<ApiKeyRow> {
  const { params } = input;
  for (const name of [
    'oauth_consumer_key',
    'oauth_timestamp',
    'oauth_nonce',
    'oauth_signature',
    'oauth_signature_method',
  ]) {
    if (typeof params[name] !== 'string' || params[name] === '')
      throw apiKeyError(`Missing OAuth parameter ${name}`);
  }
  const given = params as Record<string, string>;
  const row = await keyOf(deps, given.oauth_consumer_key!);

  const method = given.oauth_signature_method;
  if (method !== 'HMAC-SHA1' && method !== 'HMAC-SHA256')
    throw apiKeyError('Invalid signature - signature method is invalid.');
  const { oauth_signature: signature, ...signed } = params;
  const expected = oauthSign({
    baseString: oauthBaseString({ method: input.method, url: input.url, params: signed }),
    secret: deps.secrets.decrypt(row.consumer_secret_sealed),
    algorithm: method === 'HMAC-SHA1' ? 'sha1' : 'sha256',
  });
  if (!safeEqual(expected, (signature as string).replace(/ /g, '+')))
    throw apiKeyError('Invalid signature - provided signature does not match.');

  const now = deps.clock.now().getTime();
  const timestamp = Number(given.oauth_timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > OAUTH_WINDOW_SECONDS)
    throw apiKeyError('Invalid timestamp - it must be within 15 minutes of the server time.');
  // A nonce is kept for twice the window (a request stamped 15 minutes ahead stays valid for 30); the old ones
  // are purged at most once a minute per process, not on every request.
  if (now - lastNoncePurge >= 60_000) {
    lastNoncePurge = now;
    await forgetApiKeyNoncesBefore(deps.db, toDbTime(new Date(now - 2 * OAUTH_WINDOW_SECONDS * 1000)));
  }
  const fresh = await rememberApiKeyNonce(deps.db, {
    key_id: row.id,
    nonce: given.oauth_nonce!.slice(0, 191),
    seen_at: toDbTime(new Date(now)),
  });
  if (!fresh) throw apiKeyError('Invalid nonce - nonce has already been used.');
  await noteAccess(deps, row);
  return row;
}

/** The stored form of a consumer key: HMAC-SHA256 under the server secret (hex). */
export function hashConsumerKey(secret: string, consumerKey: string): string {
  return hmacHex(secret, `wc-api-key:${consumerKey}`);
}

async function keyOf(deps: ApiKeyDeps, consumerKey: string): Promise<ApiKeyRow> {
  const row = await findApiKeyByHash(deps.db, hashConsumerKey(deps.secret, consumerKey));
  if (!row) throw apiKeyError('Consumer key is invalid.');
  return row;
}

/** Records the access, at most once a minute per key (every OAuth request would otherwise write twice). */
async function noteAccess(deps: ApiKeyDeps, row: ApiKeyRow): Promise<void> {
  const now = deps.clock.now();
  const minuteAgo = toDbTime(new Date(now.getTime() - 60_000));
  if (row.last_access === null || row.last_access < minuteAgo)
    await recordApiKeyAccess(deps.db, { id: row.id, at: toDbTime(now) });
}

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    key_id: Number(row.id),
    user_id: Number(row.user_id),
    description: row.description,
    permissions: row.permissions,
    truncated_key: row.truncated_key,
    last_access: toIsoNoZone(row.last_access),
    created: toIsoNoZone(row.created_at)!,
  };
}

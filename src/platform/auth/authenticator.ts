import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import type { CacheLayer } from '../cache/cache-layer.js';
import type { TopicCache } from '../cache/topic-cache.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { ForbiddenError, UnauthorizedError } from '../http/errors.js';
import type { SecretBox } from '../security/secret-box.js';
import type { ApiKeyRow } from './api-keys.repository.js';
import { apiKeyError, checkApiKeyOAuth, checkApiKeySecret } from './api-keys.service.js';
import { matchApplicationPassword } from './application-passwords.service.js';
import type { CapabilityRegistry } from './capabilities.js';
import { DELEGATION_HEADER, delegatedCaller } from './delegation.js';
import type { NonceService, NonceSubject } from './nonce.js';
import { type PhpParams, parsePhpQuery } from './oauth1.js';
import { hasFormBody, readBodyEarly, replayEarlyBody } from './oauth-form-body.js';
import type { AuthPolicy, AuthUser, Principal } from './principal.js';
import { PRINCIPALS, principalLifetime } from './principal-cache.js';
import { resolveSession, SESSION_COOKIE } from './sessions.service.js';
import { findUserById, findUserByLogin } from './users.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; set before validation on every route. */
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** Who may call the route and when a nonce is needed (default: public, nonce for cookie logins). */
    auth?: AuthPolicy;
  }
}

/** Finds the cart session of a request (registered by the shop: Cart-Token header or cart cookie). */
export type CartSessionResolver = (request: FastifyRequest) => Promise<string | null> | string | null;
/** Turns a bearer token into a user with scopes (registered by an extension for its own routes). */
export type BearerAuthenticator = (
  token: string,
  request: FastifyRequest,
) => Promise<{ user: AuthUser; scopes: string[]; credentialId: string } | null>;

const subjects = new WeakMap<Principal, NonceSubject>();
const DEFAULT_POLICY: AuthPolicy = { access: 'public', nonce: 'cookie' };
const always = () => true;
/** Route prefixes that refuse REST API keys: logins and nonces, user and credential management, the admin app's API. */
const KEYLESS_PREFIXES = ['/wp-json/auth/v1/', '/wp-json/platform/v1/', '/wp-json/wp/v2/'];
const READ_METHODS = new Set(['GET', 'HEAD']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Authenticates requests (cookie, application password, bearer, cart session), checks nonces and capabilities. */
export class Authenticator {
  private cartResolver: CartSessionResolver | null = null;
  private bearer: BearerAuthenticator | null = null;
  private readonly cache: TopicCache<Principal | null>;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      nonces: NonceService;
      capabilities: CapabilityRegistry;
      caches: CacheLayer;
      /** The server secret (consumer keys are looked up by their HMAC under it). */
      secret: string;
      /** Unseals REST API consumer secrets. */
      secrets: SecretBox;
    },
  ) {
    this.cache = deps.caches.of(PRINCIPALS);
  }

  /** Lets the shop identify cart sessions. */
  setCartSessionResolver(resolver: CartSessionResolver): void {
    this.cartResolver = resolver;
  }

  /** Lets one extension accept bearer tokens on routes whose policy sets `bearer: true`. */
  setBearerAuthenticator(authenticator: BearerAuthenticator): void {
    this.bearer = authenticator;
  }

  /**
   * Fastify onRoute hook: puts the route's authentication, bound to its policy, first among the route's
   * onRequest hooks (so before body parsing, validation and the route's own checks). On routes that take a
   * body, a body read early to check an OAuth 1.0a signature is handed back to the parser.
   */
  readonly onRoute = (route: RouteOptions): void => {
    const policy = (route.config as FastifyContextConfig | undefined)?.auth ?? DEFAULT_POLICY;
    const authenticate: onRequestHookHandler = (request, reply, done) =>
      this.authenticate(request, reply, policy, done);
    route.onRequest = [authenticate, ...(route.onRequest ? [route.onRequest].flat() : [])];
    if ([route.method].flat().some((method) => BODY_METHODS.has(method)))
      route.preParsing = [replayEarlyBody, ...(route.preParsing ? [route.preParsing].flat() : [])];
  };

  /** The caller of a request seen outside a route's authentication (front-end hooks): the default policy. */
  async principalOf(request: FastifyRequest, reply: FastifyReply): Promise<Principal> {
    if (request.principal) return request.principal;
    const identified = await this.identify(request, DEFAULT_POLICY);
    checkApiKeyUse(request, identified, DEFAULT_POLICY);
    request.principal = this.checkNonce(request, reply, identified, DEFAULT_POLICY);
    return request.principal;
  }

  /** Identifies the caller, checks the nonce and the route's access rule; synchronous when the caller is cached. */
  private authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    policy: AuthPolicy,
    done: HookHandlerDoneFunction,
  ): void {
    if (request.headers[DELEGATION_HEADER] !== undefined) {
      this.admitDelegated(request, policy, done);
      return;
    }
    let identified: Principal | Promise<Principal>;
    try {
      identified = this.identify(request, policy);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (identified instanceof Promise) {
      identified.then((principal) => this.admit(request, reply, principal, policy, done), done);
    } else {
      this.admit(request, reply, identified, policy, done);
    }
  }

  // A sub-request of a request already admitted (a batch item): its caller, held to this route's access rule.
  private admitDelegated(request: FastifyRequest, policy: AuthPolicy, done: HookHandlerDoneFunction): void {
    const principal = delegatedCaller(request.headers[DELEGATION_HEADER]);
    if (!principal) {
      done(new UnauthorizedError());
      return;
    }
    request.principal = principal;
    try {
      checkApiKeyRoute(request, principal, policy);
      authorize(principal, policy);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  }

  private admit(
    request: FastifyRequest,
    reply: FastifyReply,
    identified: Principal,
    policy: AuthPolicy,
    done: HookHandlerDoneFunction,
  ): void {
    try {
      checkApiKeyUse(request, identified, policy);
      const principal =
        policy.nonce === 'never' ? identified : this.checkNonce(request, reply, identified, policy);
      request.principal = principal;
      authorize(principal, policy);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  }

  /**
   * For the replay lane: a check that holds while a request's caller would still be authenticated as the very
   * same principal (same cached object for the same credential, so same user, roles and capabilities) within
   * the same nonce tick (so the nonce verdict and the X-WP-Nonce answered are the same). Other callers only on
   * public routes that never check a nonce, without an Authorization header (nothing there can refuse them);
   * otherwise null (cart sessions and bearer tokens elsewhere, anonymous callers of other routes).
   */
  replayGuard(request: FastifyRequest): (() => boolean) | null {
    const principal = request.principal;
    if (principal?.kind !== 'user') {
      // A public route that never asks for a nonce admits every caller without an Authorization header alike.
      const policy = request.routeOptions.config.auth ?? DEFAULT_POLICY;
      const admitsAll =
        policy.access === 'public' && policy.nonce === 'never' && !request.headers.authorization;
      return admitsAll ? always : null;
    }
    const credential =
      principal.via === 'cookie'
        ? request.cookies[SESSION_COOKIE]
        : principal.via === 'app_password'
          ? request.headers.authorization
          : undefined;
    if (!credential || this.cache.get(credential) !== principal) return null;
    const tick = this.deps.nonces.tick();
    return () => this.cache.get(credential) === principal && this.deps.nonces.tick() === tick;
  }

  /** The nonce subject of a principal (what its nonces are bound to); one object per principal object. */
  nonceSubject(principal: Principal): NonceSubject {
    let subject = subjects.get(principal);
    if (!subject) {
      if (principal.kind === 'user')
        subject = { uid: String(principal.user.id), token: principal.sessionHash ?? '' };
      else if (principal.kind === 'cart') subject = { uid: principal.cartSessionId, token: '' };
      else subject = { uid: '0', token: '' };
      subjects.set(principal, subject);
    }
    return subject;
  }

  /**
   * Who is calling, from the Authorization header, the login cookie, or a cart session. Answers without a
   * promise when no lookup is needed (cached principal, or nothing to look up).
   */
  private identify(
    request: FastifyRequest,
    policy: AuthPolicy = DEFAULT_POLICY,
  ): Principal | Promise<Principal> {
    const header = request.headers.authorization;
    if (header?.startsWith('Basic ')) {
      return this.cache.get(header) ?? this.fromBasicCached(request, header);
    }
    if (header?.startsWith('OAuth ')) return this.fromOAuth(request, parseOAuthHeader(header));
    if (header?.startsWith('Bearer ') && policy.bearer && this.bearer)
      return this.fromBearer(request, header);
    const url = request.originalUrl;
    const query = url.indexOf('?');
    // Keys in the query (`consumer_key`, `oauth_consumer_key`): parsed only when one may be there.
    if (query !== -1 && url.includes('consumer_key=', query)) {
      const params = parsePhpQuery(url.slice(query + 1));
      if (typeof params.oauth_consumer_key === 'string' || typeof params.oauth_signature === 'string')
        return this.fromOAuth(request, {});
      if (typeof params.consumer_key === 'string') {
        const secret = typeof params.consumer_secret === 'string' ? params.consumer_secret : '';
        const cacheKey = `q:${params.consumer_key}:${secret}`;
        return (
          this.cache.get(cacheKey) ?? this.fromKeySecretCached(request, cacheKey, params.consumer_key, secret)
        );
      }
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const cached = this.cache.get(token);
      if (cached) return cached;
      return this.cookieLookup(token).then((principal) => principal ?? this.fromCart(request));
    }
    return this.fromCart(request);
  }

  /** A REST API key sent in the query over HTTPS (WooCommerce's `queryStringAuth`). */
  private async fromKeySecretCached(
    request: FastifyRequest,
    cacheKey: string,
    consumerKey: string,
    consumerSecret: string,
  ): Promise<Principal> {
    requireHttps(request);
    const seen = this.cache.stamp();
    const row = await checkApiKeySecret(this.keyDeps(), { consumerKey, consumerSecret });
    const principal = await this.apiKeyPrincipal(row, 'query');
    this.cache.set(cacheKey, principal, seen);
    return principal;
  }

  /**
   * An OAuth 1.0a one-legged request: parameters from the query, a form-encoded body (read here, before the
   * parser, so the signature covers it) and the `Authorization: OAuth` header, later ones winning as in WooCommerce.
   */
  private async fromOAuth(request: FastifyRequest, headerParams: Record<string, string>): Promise<Principal> {
    const url = request.originalUrl;
    const query = url.indexOf('?');
    const params: PhpParams = {
      ...(query === -1 ? {} : parsePhpQuery(url.slice(query + 1))),
      ...(hasFormBody(request) ? parsePhpQuery(await readBodyEarly(request)) : {}),
      ...headerParams,
    };
    const path = query === -1 ? url : url.slice(0, query);
    const row = await checkApiKeyOAuth(this.keyDeps(), {
      method: request.raw.method ?? request.method,
      url: `${request.protocol}://${request.host}${path}`,
      params,
    });
    return this.apiKeyPrincipal(row, 'oauth');
  }

  private async apiKeyPrincipal(row: ApiKeyRow, transport: 'basic' | 'query' | 'oauth'): Promise<Principal> {
    const user = await findUserById(this.deps.db, Number(row.user_id));
    if (!user) throw apiKeyError('Consumer key is invalid.');
    return {
      kind: 'user',
      via: 'api_key',
      user,
      capabilities: await this.deps.capabilities.forUser(this.deps.db, user),
      credentialId: String(row.id),
      apiKey: { permissions: row.permissions, transport },
    };
  }

  private keyDeps() {
    const { db, clock, secret, secrets } = this.deps;
    return { db, clock, secret, secrets };
  }

  private fromCart(request: FastifyRequest): Principal | Promise<Principal> {
    const cart = this.cartResolver ? this.cartResolver(request) : null;
    if (cart instanceof Promise) return cart.then(cartPrincipal);
    return cartPrincipal(cart);
  }

  private async fromBasicCached(request: FastifyRequest, header: string): Promise<Principal> {
    const seen = this.cache.stamp();
    const principal = await this.fromBasic(request, header.slice(6));
    this.cache.set(header, principal, seen);
    return principal;
  }

  /**
   * The session behind a cookie token, kept until its session expires at the latest; requests arriving while it
   * is being read share that read (a busy client's requests all miss the cache at the same moment), unless
   * credentials changed since it started.
   */
  private cookieLookup(token: string): Promise<Principal | null> {
    let expiresAt = 0;
    const lookup = async () => {
      const found = await this.fromCookie(token);
      if (!found) return null;
      expiresAt = found.expiresAt;
      return found.principal;
    };
    const lifetime = (principal: Principal | null) =>
      principal ? principalLifetime(expiresAt, this.deps.clock.now().getTime()) : 0;
    return this.cache.getOrCompute(token, lookup, lifetime);
  }

  private async fromBearer(request: FastifyRequest, header: string): Promise<Principal> {
    const found = await this.bearer!(header.slice(7).trim(), request);
    if (!found)
      throw new UnauthorizedError('rest_invalid_token', 'The bearer token is invalid, expired or revoked.');
    return {
      kind: 'user',
      via: 'bearer',
      user: found.user,
      capabilities: await this.deps.capabilities.forUser(this.deps.db, found.user),
      scopes: found.scopes,
      credentialId: found.credentialId,
    };
  }

  private async fromCookie(token: string): Promise<{ principal: Principal; expiresAt: number } | null> {
    const session = await resolveSession(this.deps.db, this.deps.clock, token);
    const user = session ? await findUserById(this.deps.db, session.userId) : null;
    if (!session || !user) return null;
    const principal: Principal = {
      kind: 'user',
      via: 'cookie',
      user,
      capabilities: await this.deps.capabilities.forUser(this.deps.db, user),
      sessionHash: session.hash,
    };
    return { principal, expiresAt: session.expiresAt.getTime() };
  }

  private async fromBasic(request: FastifyRequest, encoded: string): Promise<Principal> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const login = colon === -1 ? decoded : decoded.slice(0, colon);
    const password = colon === -1 ? '' : decoded.slice(colon + 1);
    if (login.startsWith('ck_')) {
      requireHttps(request);
      const row = await checkApiKeySecret(this.keyDeps(), { consumerKey: login, consumerSecret: password });
      return this.apiKeyPrincipal(row, 'basic');
    }
    const row = await findUserByLogin(this.deps.db, login);
    if (!row) {
      const code = login.includes('@') ? 'invalid_email' : 'invalid_username';
      throw new UnauthorizedError(code, 'Unknown username or e-mail address.');
    }
    const match = await matchApplicationPassword(this.deps.db, this.deps.clock, {
      userId: row.id,
      password,
      ip: request.ip,
    });
    if (!match)
      throw new UnauthorizedError(
        'incorrect_password',
        'The provided password is an invalid application password.',
      );
    const { password_hash: _, ...user } = row;
    return {
      kind: 'user',
      via: 'app_password',
      user: user as AuthUser,
      capabilities: await this.deps.capabilities.forUser(this.deps.db, user as AuthUser),
      credentialId: match.uuid,
    };
  }

  private checkNonce(
    request: FastifyRequest,
    reply: FastifyReply,
    principal: Principal,
    policy: AuthPolicy,
  ): Principal {
    const usesCookie = principal.kind === 'user' && principal.via === 'cookie';
    if (policy.nonce === 'cookie' && !usesCookie) return principal;
    const query = request.query as Record<string, unknown> | undefined;
    const nonce =
      (request.headers['x-wp-nonce'] as string | undefined) ?? (query?._wpnonce as string | undefined);
    if (!nonce) {
      if (policy.nonce === 'always')
        throw new UnauthorizedError(
          'rest_cookie_invalid_nonce',
          'Cookie check failed: a valid X-WP-Nonce is required.',
        );
      return { kind: 'anonymous' }; // WordPress: a cookie without a nonce is treated as logged out
    }
    if (this.deps.nonces.verify(nonce, this.nonceSubject(principal)) === 0) {
      throw new UnauthorizedError(
        'rest_cookie_invalid_nonce',
        'Cookie check failed: the nonce is invalid or expired.',
      );
    }
    if (usesCookie) reply.header('X-WP-Nonce', this.deps.nonces.create(this.nonceSubject(principal)));
    return principal;
  }
}

/**
 * Where and how a REST API key may be used: only on routes that accept keys, its secret in clear only over HTTPS
 * (plain HTTP needs OAuth 1.0a, as WooCommerce), and per method as its permissions say.
 */
function checkApiKeyUse(request: FastifyRequest, principal: Principal, policy: AuthPolicy): void {
  if (principal.kind !== 'user' || principal.via !== 'api_key') return;
  checkApiKeyRoute(request, principal, policy);
  const key = principal.apiKey!;
  if (key.transport !== 'oauth') requireHttps(request);
  const method = request.method;
  if (method === 'OPTIONS') return;
  if (READ_METHODS.has(method)) {
    if (key.permissions === 'write')
      throw apiKeyError('The API key provided does not have read permissions.');
  } else if (key.permissions === 'read') {
    throw apiKeyError('The API key provided does not have write permissions.');
  }
}

/**
 * Refuses a REST API key outside `/wp-json`, in the keyless namespaces, and on routes whose policy refuses keys
 * (they mint credentials that would outlive the key); checked on a batch's items too.
 */
function checkApiKeyRoute(request: FastifyRequest, principal: Principal, policy: AuthPolicy): void {
  if (principal.kind !== 'user' || principal.via !== 'api_key') return;
  const route = request.routeOptions.url ?? '';
  if (!route.startsWith('/wp-json/') || KEYLESS_PREFIXES.some((prefix) => route.startsWith(prefix)))
    throw apiKeyError(
      'REST API keys are not accepted on this route: logins, user and credential management and the admin app need a login.',
    );
  if (policy.apiKeys === false)
    throw apiKeyError(
      'REST API keys are not accepted on this route: it creates credentials that would outlive the key; use a login or an Application Password.',
    );
}

function requireHttps(request: FastifyRequest): void {
  if (request.protocol !== 'https')
    throw apiKeyError(
      'Consumer key and secret are accepted only over HTTPS: over plain HTTP, sign the request with OAuth 1.0a.',
    );
}

/** The `oauth_*` parameters of an `Authorization: OAuth k="v", …` header (values percent-decoded). */
function parseOAuthHeader(header: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const part of header.slice(6).split(',')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim();
    if (!key.startsWith('oauth_')) continue;
    try {
      params[key] = decodeURIComponent(
        part
          .slice(eq + 1)
          .trim()
          .replace(/^"|"$/g, ''),
      );
    } catch {
      params[key] = '';
    }
  }
  return params;
}

function cartPrincipal(cart: string | null): Principal {
  return cart ? { kind: 'cart', cartSessionId: cart } : { kind: 'anonymous' };
}

/** Applies a route's access rule: 401 when not authenticated, 403 when lacking the capability. */
export function authorize(principal: Principal, policy: AuthPolicy): void {
  switch (policy.access) {
    case 'public':
      return;
    case 'session':
      if (principal.kind === 'anonymous') throw new UnauthorizedError();
      return;
    case 'user':
      if (principal.kind !== 'user') throw new UnauthorizedError();
      return;
    case 'capability':
      if (principal.kind !== 'user') throw new UnauthorizedError();
      if (!policy.capability || !principal.capabilities.has(policy.capability)) throw new ForbiddenError();
      return;
  }
}

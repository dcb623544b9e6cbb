import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { ForbiddenError, UnauthorizedError } from '../http/errors.js';
import { matchApplicationPassword } from './application-passwords.service.js';
import type { CapabilityRegistry } from './capabilities.js';
import type { NonceService, NonceSubject } from './nonce.js';
import type { AuthPolicy, AuthUser, Principal } from './principal.js';
import { PrincipalCache } from './principal-cache.js';
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

const DEFAULT_POLICY: AuthPolicy = { access: 'public', nonce: 'cookie' };

/** Authenticates requests (cookie, application password, bearer, cart session), checks nonces and capabilities. */
export class Authenticator {
  private cartResolver: CartSessionResolver | null = null;
  private bearer: BearerAuthenticator | null = null;
  private readonly cache: PrincipalCache;

  constructor(
    private readonly deps: { db: Db; clock: Clock; nonces: NonceService; capabilities: CapabilityRegistry },
  ) {
    this.cache = new PrincipalCache(() => deps.clock.now().getTime());
  }

  /** Lets the shop identify cart sessions. */
  setCartSessionResolver(resolver: CartSessionResolver): void {
    this.cartResolver = resolver;
  }

  /** Lets one extension accept bearer tokens on routes whose policy sets `bearer: true`. */
  setBearerAuthenticator(authenticator: BearerAuthenticator): void {
    this.bearer = authenticator;
  }

  /** The Fastify onRequest hook: runs before body parsing and validation. */
  readonly onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const policy = request.routeOptions.config.auth ?? DEFAULT_POLICY;
    let principal = await this.identify(request, policy);
    if (policy.nonce !== 'never') principal = await this.checkNonce(request, reply, principal, policy);
    request.principal = principal;
    authorize(principal, policy);
  };

  /** The nonce subject of a principal (what its nonces are bound to). */
  nonceSubject(principal: Principal): NonceSubject {
    if (principal.kind === 'user')
      return { uid: String(principal.user.id), token: principal.sessionHash ?? '' };
    if (principal.kind === 'cart') return { uid: principal.cartSessionId, token: '' };
    return { uid: '0', token: '' };
  }

  /** Who is calling, from the Authorization header, the login cookie, or a cart session. */
  async identify(request: FastifyRequest, policy: AuthPolicy = DEFAULT_POLICY): Promise<Principal> {
    const header = request.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const cached = this.cache.get(header);
      if (cached) return cached;
      const principal = await this.fromBasic(request, header.slice(6));
      this.cache.set(header, principal);
      return principal;
    }
    if (header?.startsWith('Bearer ') && policy.bearer && this.bearer) {
      const found = await this.bearer(header.slice(7).trim(), request);
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
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const principal = this.cache.get(token) ?? (await this.fromCookie(token));
      if (principal) return principal;
    }
    const cart = this.cartResolver ? await this.cartResolver(request) : null;
    return cart ? { kind: 'cart', cartSessionId: cart } : { kind: 'anonymous' };
  }

  private async fromCookie(token: string): Promise<Principal | null> {
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
    this.cache.set(token, principal, session.expiresAt.getTime());
    return principal;
  }

  private async fromBasic(request: FastifyRequest, encoded: string): Promise<Principal> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const login = colon === -1 ? decoded : decoded.slice(0, colon);
    const password = colon === -1 ? '' : decoded.slice(colon + 1);
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

  private async checkNonce(
    request: FastifyRequest,
    reply: FastifyReply,
    principal: Principal,
    policy: AuthPolicy,
  ): Promise<Principal> {
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

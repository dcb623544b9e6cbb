import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import type { DataVersions } from '../cache/data-versions.js';
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

const subjects = new WeakMap<Principal, NonceSubject>();
const DEFAULT_POLICY: AuthPolicy = { access: 'public', nonce: 'cookie' };
const always = () => true;

/** Authenticates requests (cookie, application password, bearer, cart session), checks nonces and capabilities. */
export class Authenticator {
  private cartResolver: CartSessionResolver | null = null;
  private bearer: BearerAuthenticator | null = null;
  private readonly cache: PrincipalCache;
  private readonly lookups = new Map<string, { seen: string; principal: Promise<Principal | null> }>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      nonces: NonceService;
      capabilities: CapabilityRegistry;
      versions: DataVersions;
    },
  ) {
    this.cache = new PrincipalCache(deps.versions, () => deps.clock.now().getTime());
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
   * onRequest hooks (so before body parsing, validation and the route's own checks).
   */
  readonly onRoute = (route: RouteOptions): void => {
    const policy = (route.config as FastifyContextConfig | undefined)?.auth ?? DEFAULT_POLICY;
    const authenticate: onRequestHookHandler = (request, reply, done) =>
      this.authenticate(request, reply, policy, done);
    route.onRequest = [authenticate, ...(route.onRequest ? [route.onRequest].flat() : [])];
  };

  /** The caller of a request seen outside a route's authentication (front-end hooks): the default policy. */
  async principalOf(request: FastifyRequest, reply: FastifyReply): Promise<Principal> {
    if (request.principal) return request.principal;
    const identified = await this.identify(request, DEFAULT_POLICY);
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

  private admit(
    request: FastifyRequest,
    reply: FastifyReply,
    identified: Principal,
    policy: AuthPolicy,
    done: HookHandlerDoneFunction,
  ): void {
    try {
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
    if (header?.startsWith('Bearer ') && policy.bearer && this.bearer)
      return this.fromBearer(request, header);
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const cached = this.cache.get(token);
      if (cached) return cached;
      return this.cookieLookup(token).then((principal) => principal ?? this.fromCart(request));
    }
    return this.fromCart(request);
  }

  private fromCart(request: FastifyRequest): Principal | Promise<Principal> {
    const cart = this.cartResolver ? this.cartResolver(request) : null;
    if (cart instanceof Promise) return cart.then(cartPrincipal);
    return cartPrincipal(cart);
  }

  private async fromBasicCached(request: FastifyRequest, header: string): Promise<Principal> {
    const seen = this.cache.stamp();
    const principal = await this.fromBasic(request, header.slice(6));
    this.cache.set(header, principal, null, seen);
    return principal;
  }

  /**
   * The session behind a cookie token; requests arriving while it is being read share that read (a busy client's
   * requests all miss the cache at the same moment), unless credentials changed since it started.
   */
  private cookieLookup(token: string): Promise<Principal | null> {
    const seen = this.cache.stamp();
    if (seen === null) return this.fromCookie(token, seen);
    const pending = this.lookups.get(token);
    if (pending?.seen === seen) return pending.principal;
    const principal = this.fromCookie(token, seen).finally(() => {
      if (this.lookups.get(token)?.principal === principal) this.lookups.delete(token);
    });
    this.lookups.set(token, { seen, principal });
    return principal;
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

  private async fromCookie(token: string, seen: string | null): Promise<Principal | null> {
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
    this.cache.set(token, principal, session.expiresAt.getTime(), seen);
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

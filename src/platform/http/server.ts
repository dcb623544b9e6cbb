import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { answerClientError } from './client-errors.js';
import { restCorsHook } from './cors.js';
import { RestError, ValidationError } from './errors.js';
import { boundRequestIntegers } from './integer-bounds.js';
import { applyFieldsFilter, GLOBAL_PARAMS, refuseListGlobalParams } from './global-params.js';
import { injectThroughLane } from './inject-through-lane.js';
import { lazyChildLogger, withRedactedRequests } from './request-logger.js';
import { formToObject, hasNulCharacter, parseFormBody, parseJsonBody } from './request-parsers.js';
import { schemaCompilers } from './lazy-schema-compilers.js';
import { type ReplayCheck, ReplayLane, type RequestGate, rememberBodyText } from './replay-lane.js';
import { fieldErrorsFromAjv } from './validation-errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The response cache in front of Fastify (see replay-lane.ts). */
    replayLane: ReplayLane;
  }
}

/** The Fastify instance with TypeBox typing that every module registers routes on. */
export type RestApp = FastifyInstance<any, any, any, FastifyBaseLogger, TypeBoxTypeProvider>;

/** Options of the HTTP layer. */
export interface HttpServerOptions {
  logger: FastifyBaseLogger;
  publicUrl: string;
  /** Namespaces (e.g. `loyalty/v1`) whose validation errors are 422 instead of 400. */
  status422Namespaces?: string[];
  bodyLimit?: number;
  trustProxy?: string[];
  /** Origins besides the public URL's that may call with credentials (STORESIDE_CORS_ORIGINS). */
  corsOrigins?: string[];
  /** Compile every route's schemas at start instead of on first use (tests; see lazy-schema-compilers.ts). */
  eagerSchemas?: boolean;
  /** Vouches that a request's caller may be answered again from the replay lane (see replay-lane.ts). */
  replayCallerGuard?: (request: FastifyRequest) => ReplayCheck | null;
  /** What every request waits for before it is answered (see replay-lane.ts, `RequestGate`). */
  requestGate?: RequestGate;
}

const OVERRIDABLE_METHODS = new Set(['GET', 'PUT', 'PATCH', 'DELETE']);

/** Builds the Fastify server with the WordPress REST conventions (URL forms, errors, global params, headers). */
export async function createHttpServer(options: HttpServerOptions): Promise<RestApp> {
  const status422 = (options.status422Namespaces ?? []).map((ns) => `/wp-json/${ns}/`);
  const replayLane = new ReplayLane();
  if (options.replayCallerGuard) replayLane.setCallerGuard(options.replayCallerGuard);
  if (options.requestGate) replayLane.setGate(options.requestGate);
  const app = Fastify({
    serverFactory: replayLane.serverFactory,
    loggerInstance: withRedactedRequests(options.logger),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? options.trustProxy : false,
    // PHP-style lists in query strings (`include[]=1&include[]=2`, `include[0]=1`) arrive as arrays, as in WordPress.
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      querystringParser: formToObject,
    },
    rewriteUrl: (req) => rewriteRequest(req),
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: true,
        strict: false,
      },
    },
    schemaController: { compilersFactory: schemaCompilers(options.eagerSchemas ?? false) },
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    // Bad percent-encoding and overlong path parameters are refused before routing: same error shape.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply, status422),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorateRequest('principal', null as never);
  app.decorate('replayLane', replayLane);
  injectThroughLane(app, replayLane);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storeside REST API',
        version: '0.1.0',
        description: 'WordPress/WooCommerce-compatible REST routes.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          cookieNonce: { type: 'apiKey', in: 'header', name: 'X-WP-Nonce' },
          applicationPassword: { type: 'http', scheme: 'basic' },
        },
      },
    },
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', 'application/merge-patch+json'],
    { parseAs: 'string' },
    (request, body, done) => {
      const text = String(body);
      rememberBodyText(request.raw, text);
      try {
        done(null, parseJsonBody(text));
      } catch (error) {
        done(error as RestError, undefined);
      }
    },
  );
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseFormBody(String(body)));
    } catch (error) {
      done(error as RestError, undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // Accept the WordPress global parameters on every route whatever its query schema says, and keep every request
  // integer within the database's integer range.
  app.addHook('onRoute', (route) => {
    const query = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
    if (query?.properties) {
      for (const name of GLOBAL_PARAMS) query.properties[name] ??= { type: 'string' };
    }
    for (const part of [route.schema?.body, route.schema?.querystring, route.schema?.params])
      boundRequestIntegers(part);
  });

  app.addHook('onRequest', (request, _reply, done) => {
    if (hasNulCharacter(request.url))
      return done(new RestError('rest_invalid_url', 'The URL may not contain a NUL character (%00).', 400));
    done();
  });
  app.addHook(
    'onRequest',
    restCorsHook({ publicUrl: options.publicUrl, origins: options.corsOrigins ?? [] }),
  );
  app.addHook('onRequest', refuseListGlobalParams);

  // Shutting down: answers still in flight close their connection, so keep-alive clients do not hold the
  // process open for the keep-alive timeout (72 s) after SIGTERM.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    replayLane.close();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });

  // Last of the global onSend hooks: it keeps the answer exactly as it leaves.
  app.addHook('onSend', replayLane.onSend);

  app.addHook('preSerialization', (request, reply, payload, done) => {
    const query = request.query as Record<string, string> | undefined;
    if (!query || (query._fields === undefined && query._envelope === undefined)) return done(null, payload);
    // The route's response schema still decides what may leave (it strips undeclared fields); the result is
    // then filtered/wrapped and sent as plain JSON, since it no longer matches that schema.
    let body = throughResponseSchema(reply, payload);
    if (query._fields && reply.statusCode < 400) body = applyFieldsFilter(body, query._fields);
    if (query._envelope !== undefined && request.url.startsWith('/wp-json')) {
      const headers = { ...reply.getHeaders() };
      const status = reply.statusCode;
      reply.code(200);
      body = { body, status, headers };
    }
    reply.serializer(JSON.stringify);
    done(null, body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'OPTIONS' && request.url.startsWith('/wp-json')) {
      reply.header('Allow', 'GET, POST, PUT, PATCH, DELETE');
      return reply.code(200).send([]);
    }
    return reply.code(404).send({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply, status422));
  return app;
}

function throughResponseSchema(reply: FastifyReply, payload: unknown): unknown {
  const status = reply.statusCode;
  const serialize = [String(status), `${String(status)[0]}xx`, 'default']
    .map((key) => reply.getSerializationFunction(key) as ((input: unknown) => string) | undefined)
    .find((fn) => typeof fn === 'function');
  return serialize ? JSON.parse(serialize(payload)) : payload;
}

/** Sends any thrown error in the REST shape; 5xx never reveal internals. */
export function sendError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
  status422Prefixes: string[],
) {
  const url = request.routeOptions?.url ?? request.url;
  const validationStatus = status422Prefixes.some((p) => url.startsWith(p)) ? 422 : 400;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const fields = fieldErrorsFromAjv(fastifyError.validation, fastifyError.validationContext);
    return sendRest(reply, new ValidationError(fields, validationStatus));
  }
  if (error instanceof ValidationError) {
    return sendRest(reply, error.status === 0 ? new ValidationError(error.fields, validationStatus) : error);
  }
  if (error instanceof RestError) return sendRest(reply, error);
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return sendRest(
      reply,
      new RestError(
        'rest_request_too_large',
        `The request body is larger than ${Math.round((request.routeOptions?.bodyLimit ?? 1024 * 1024) / 1024 / 1024)} MiB.`,
        413,
      ),
    );
  }
  if (fastifyError.code === 'FST_ERR_BAD_URL') {
    return sendRest(reply, new RestError('rest_invalid_url', 'The URL is not validly percent-encoded.', 400));
  }
  if (fastifyError.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendRest(reply, new RestError('rest_uri_too_long', 'A path segment of the URL is too long.', 414));
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return sendRest(reply, new RestError('rest_unsupported_media_type', 'Unsupported Content-Type.', 415));
  }
  const status =
    fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500
      ? fastifyError.statusCode
      : 500;
  if (status === 500) {
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      code: 'internal_server_error',
      message: 'There has been a critical error on this website.',
      data: { status: 500 },
    });
  }
  if (error instanceof SyntaxError)
    return sendRest(reply, new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400));
  if (status === 404) {
    return sendRest(
      reply,
      new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404),
    );
  }
  return sendRest(reply, new RestError('rest_bad_request', error.message, status));
}

function sendRest(reply: FastifyReply, error: RestError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  const data: Record<string, unknown> = { status: error.status, ...error.data };
  if (error instanceof ValidationError) {
    data.params = Object.fromEntries(
      Object.entries(error.fields).map(([f, rules]) => [f, Object.values(rules).join(' ')]),
    );
    data.errors = error.fields;
  }
  return reply.code(error.status).send({ code: error.code, message: error.message, data });
}

/** `?rest_route=/x` → `/wp-json/x`, method override from `_method` / `X-HTTP-Method-Override` on POST. */
function rewriteRequest(req: {
  url?: string;
  method?: string;
  headers: Record<string, string | string[] | undefined>;
}): string {
  let url = req.url ?? '/';
  const q = url.indexOf('?');
  // Parse the query only when it may name `rest_route` or `_method` (also percent-encoded): most do not.
  if (q !== -1 && (url.includes('route=', q) || url.includes('method=', q))) {
    const params = new URLSearchParams(url.slice(q + 1));
    const route = params.get('rest_route');
    if (route !== null && (url.startsWith('/?') || url.startsWith('/index.php?'))) {
      params.delete('rest_route');
      const rest = params.toString();
      url = `/wp-json${route.startsWith('/') ? route : `/${route}`}${rest ? `?${rest}` : ''}`;
    }
    overrideMethod(req, params.get('_method'));
  }
  overrideMethod(req, req.headers['x-http-method-override']);
  return url;
}

/** A POST becomes the method named by an override, when it names one WordPress allows (others are ignored). */
function overrideMethod(req: { method?: string }, override: unknown): void {
  if (req.method !== 'POST' || typeof override !== 'string') return;
  const method = override.toUpperCase();
  if (OVERRIDABLE_METHODS.has(method)) req.method = method;
}

import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

const METHODS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
// Query parameters the log never shows: credentials and their signatures (`consumer_secret`, `oauth_*`), nonces,
// keys (`key`, `license_key`), passwords, and the tokens of e-mailed links (`…_restore=`, `…_unsubscribe=`).
const SECRET_PARAM = /^oauth_|secret|token|key|nonce|pass|pwd|signature|restore|unsubscribe/i;
type Method = (typeof METHODS)[number];
/** Pino loggers answer `isLevelEnabled`; other Fastify-compatible loggers are treated as always enabled. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * A request's logger that creates its pino child (with the request id) only when a line is actually
 * written at an enabled level: most requests log nothing, and a child per request costs more than the
 * rest of a small route's work.
 */
class LazyChildLogger {
  private real: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): LevelWithSilentOrString {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.materialize().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.materialize().child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    return ((this.real ?? this.parent) as ParentLogger).isLevelEnabled?.(level) ?? true;
  }

  private materialize(): FastifyBaseLogger {
    this.real ??= this.parent.child(this.bindings, this.options);
    return this.real;
  }

  static {
    for (const method of METHODS) {
      (LazyChildLogger.prototype as unknown as Record<Method, unknown>)[method] = function (
        this: LazyChildLogger,
        ...args: unknown[]
      ) {
        if (
          this.real === null &&
          this.options.level === undefined &&
          this.parent.isLevelEnabled?.(method) === false
        )
          return;
        (this.materialize()[method] as (...a: unknown[]) => void)(...args);
      };
    }
  }
}

/** Fastify's `childLoggerFactory`: request loggers that cost nothing until they write. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * The logger Fastify gets: its `req` lines (`incoming request`, error logs) show the URL with every secret query
 * value replaced by `[redacted]`; the rest of Fastify's request fields are kept.
 */
export function withRedactedRequests(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, { serializers: { req: serializeRequest } });
}

/** A URL with the values of secret-looking query parameters (see SECRET_PARAM) replaced by `[redacted]`. */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return SECRET_PARAM.test(decodedName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

// A parameter name as PHP reads it (`+` is a space, `oauth_x[]` is `oauth_x`); undecodable names are kept raw.
function decodedName(name: string): string {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {}
  const bracket = decoded.indexOf('[');
  return bracket > 0 ? decoded.slice(0, bracket) : decoded;
}

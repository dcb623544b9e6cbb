import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

const METHODS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
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

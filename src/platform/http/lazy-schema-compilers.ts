import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type RouteSchema = { schema: unknown; method?: string; url?: string; httpPart?: string; httpStatus?: string };
type Compile = (route: RouteSchema) => (...args: any[]) => any;
type Factory = (externalSchemas: unknown, options: any) => Compile;
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

const require = createRequire(import.meta.url);
// Fastify's own default compilers (Ajv for validation, fast-json-stringify for responses), same ranges as Fastify's.
const defaultValidators: () => Factory = require('@fastify/ajv-compiler');
const defaultSerializers: () => Factory = require('@fastify/fast-json-stringify-compiler');

/**
 * Fastify's default schema compilers, but each route's validator and serializer is compiled on its first
 * use instead of at start. A server has ~200 routes and most processes use a few of them; compiling every
 * schema up front costs memory for routes never called (docs/platform.md, "Memory at start"). With `eager` the compilers behave
 * exactly like Fastify's.
 */
export function schemaCompilers(eager: boolean): CompilersFactory {
  const validators = defaultValidators();
  const serializers = defaultSerializers();
  if (eager) return { buildValidator: validators, buildSerializer: serializers } as CompilersFactory;
  return {
    buildValidator: (external: unknown, options: unknown) => lazily(validators(external, options), true),
    buildSerializer: (external: unknown, options: unknown) => lazily(serializers(external, options), false),
  } as CompilersFactory;
}

/** Wraps a compiler so that what it returns compiles on first call. */
function lazily(compile: Compile, validator: boolean): Compile {
  return (route) => {
    let compiled: ((data: unknown, context?: unknown) => any) | null = null;
    if (!validator)
      return (data: unknown) => {
        compiled ??= compile(route);
        return compiled(data);
      };
    const validate = (data: unknown, context?: unknown) => {
      compiled ??= compile(route);
      const valid = compiled(data, context);
      // Fastify reads a validator's failures from the function's `errors` property.
      validate.errors = (compiled as { errors?: unknown }).errors;
      return valid;
    };
    validate.errors = undefined as unknown;
    // An Ajv validator has `schemaEnv`; Fastify then passes the parent object so Ajv may coerce a root value.
    validate.schemaEnv = true;
    return validate;
  };
}

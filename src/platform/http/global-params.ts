import type { onRequestHookHandler } from 'fastify';
import { invalid } from './errors.js';

/** The WordPress global query parameters: every route accepts them (never an unknown-parameter error). */
export const GLOBAL_PARAMS = [
  '_locale',
  '_fields',
  '_envelope',
  '_method',
  '_wpnonce',
  '_jsonp',
  '_pretty',
  'rest_route',
] as const;

/**
 * An onRequest hook, ahead of authentication (which reads `_wpnonce`) and of every route: each global parameter is
 * one string. A list (`?_wpnonce[]=a&_wpnonce[]=b`) is refused with a 400 naming it, but for the two WordPress
 * reads otherwise: `_fields` also comes as a list (`_fields[]=id&_fields[]=name`, as `@wordpress/url` writes
 * arrays) and becomes its comma form; `_envelope` counts by its presence alone, whatever its value.
 */
export const refuseListGlobalParams: onRequestHookHandler = (request, _reply, done) => {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return done();
  for (const name of GLOBAL_PARAMS) {
    const value = query[name];
    if (value === undefined || typeof value === 'string') continue;
    if (name === '_fields' && Array.isArray(value)) query._fields = value.join(',');
    else if (name === '_envelope') query._envelope = '';
    else return done(invalid(name, 'string', `${name} is not of type string.`, 400));
  }
  done();
};

/** Applies WordPress `_fields` (comma list, dotted paths) to an object or to each element of a list. */
export function applyFieldsFilter(payload: unknown, fieldsParam: string): unknown {
  const fields = fieldsParam
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) return payload;
  if (Array.isArray(payload)) return payload.map((item) => pick(item, fields));
  return pick(payload, fields);
}

function pick(value: unknown, fields: string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const path of fields) {
    const [head, ...rest] = path.split('.');
    if (!head || !(head in (value as Record<string, unknown>))) continue;
    const inner = (value as Record<string, unknown>)[head];
    if (rest.length === 0) out[head] = inner;
    else {
      const nested = pick(inner, [rest.join('.')]);
      out[head] = { ...((out[head] as object) ?? {}), ...(nested as object) };
    }
  }
  return out;
}

import type { onRequestHookHandler, RouteOptions } from 'fastify';
import { RestError } from './errors.js';

const DIGITS = /^\d+$/;

/**
 * An `onRoute` hook for the routes under `prefix`: a request whose integer path parameter is not decimal digits
 * answers 404 `rest_no_route` before authentication and validation, as WordPress's `(?P<id>[\d]+)` routes do (it
 * matches no route): `/wc/v3/products/shipping_classes` is not a product, and `0x1A`, `1e3`, `+1`, ` 1` or `1.0`
 * are never coerced to a number (Ajv would read them as 26, 1000 and 1). Registered after authentication's hook so
 * that it runs before it.
 */
export function numericPathIds(prefix: string): (route: RouteOptions) => void {
  return (route) => {
    if (!route.url.startsWith(prefix)) return;
    const params = route.schema?.params as { properties?: Record<string, { type?: unknown }> } | undefined;
    const numeric = Object.entries(params?.properties ?? {})
      .filter(([, schema]) => schema.type === 'integer')
      .map(([name]) => name);
    if (numeric.length === 0) return;
    const check: onRequestHookHandler = (request, _reply, done) => {
      const values = request.params as Record<string, string | undefined>;
      if (numeric.every((name) => DIGITS.test(values[name] ?? ''))) return done();
      done(new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404));
    };
    route.onRequest = [check, ...(route.onRequest ? [route.onRequest].flat() : [])];
  };
}

import type { onRequestHookHandler, RouteOptions } from 'fastify';
import { invalid, RestError } from './errors.js';

const DIGITS = /^\d+$/;

/**
 * An `onRoute` hook for the routes under `prefix`: a request whose integer path parameter is not decimal digits is
 * refused before validation and the route's own checks, so that `0x1A`, `1e3`, `+1`, ` 1` or `1.0` are never coerced to a
 * number (Ajv would read them as 26, 1000 and 1). `refusal` says how: `no-route`, 404 `rest_no_route` as
 * WordPress's `(?P<id>[\d]+)` routes do (`/wc/v3/products/shipping_classes` is not a product), or `invalid`, the
 * namespace's validation error naming the parameter (rule `integer`). Added in front of the route's onRequest
 * hooks, so it runs after those of `onRoute` hooks registered earlier and before those of later ones.
 */
export function numericPathIds(
  prefix: string,
  refusal: 'no-route' | 'invalid' = 'no-route',
): (route: RouteOptions) => void {
  return (route) => {
    if (!route.url.startsWith(prefix)) return;
    const params = route.schema?.params as { properties?: Record<string, { type?: unknown }> } | undefined;
    const numeric = Object.entries(params?.properties ?? {})
      .filter(([, schema]) => schema.type === 'integer')
      .map(([name]) => name);
    if (numeric.length === 0) return;
    const check: onRequestHookHandler = (request, _reply, done) => {
      const values = request.params as Record<string, string | undefined>;
      const wrong = numeric.find((name) => !DIGITS.test(values[name] ?? ''));
      if (wrong === undefined) return done();
      if (refusal === 'invalid') return done(invalid(wrong, 'integer', `${wrong} is not of type integer.`));
      done(new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404));
    };
    route.onRequest = [check, ...(route.onRequest ? [route.onRequest].flat() : [])];
  };
}

import type { preValidationHookHandler, RouteOptions } from 'fastify';

/**
 * An `onRoute` hook for the `DELETE` routes under `prefix`: a parameter the route's query string declares
 * (`force`, `reassign` …) may also come in a JSON body, as WordPress reads a request's parameters from either
 * (`$request['force']`). The query string wins when both carry it; the value is then validated as if it had been
 * in the query string, so one rule serves both.
 */
export function deleteParamsFromBody(prefix: string): (route: RouteOptions) => void {
  return (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith(prefix) || !methods.includes('DELETE')) return;
    const query = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
    const names = Object.keys(query?.properties ?? {});
    if (names.length === 0) return;
    const merge: preValidationHookHandler = (request, _reply, done) => {
      const body = request.body;
      if (request.method !== 'DELETE' || !isPlainObject(body)) return done();
      const target = (request.query ?? {}) as Record<string, unknown>;
      for (const name of names)
        if (target[name] === undefined && body[name] !== undefined) target[name] = body[name];
      request.query = target;
      done();
    };
    route.preValidation = [merge, ...(route.preValidation ? [route.preValidation].flat() : [])];
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

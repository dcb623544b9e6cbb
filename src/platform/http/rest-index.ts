import type { RouteOptions } from 'fastify';
import { type EncodedBody, encoded, sendJsonBytes } from './encoded-body.js';
import type { RestApp } from './server.js';

interface IndexedRoute {
  namespace: string;
  methods: Set<string>;
  args: Record<string, unknown>;
  pattern: string;
  hasParams: boolean;
}

/** Collects every `/wp-json` route as it is registered, for the WordPress index and namespace indexes. */
export class RestRouteIndex {
  private readonly routes = new Map<string, IndexedRoute>();
  private readonly namespaces = new Set<string>();
  // Index bodies by namespace ('' = the root index), encoded on first request: routes are fixed once serving.
  private readonly bodies = new Map<string, EncodedBody>();

  /** The Fastify `onRoute` hook that records routes. */
  readonly onRoute = (route: RouteOptions): void => {
    const url = route.url ?? '';
    if (!url.startsWith('/wp-json/') || route.schema?.hide) return;
    const path = url.slice('/wp-json'.length);
    const parts = path.split('/').filter(Boolean);
    if (parts.length < 2) return;
    // Three-segment namespaces such as `wc/store/v1` end with the version; `wc/v3` style ones are two segments.
    const threeSegments = parts.length >= 3 && /^v\d+$/.test(parts[2]!) && !/^v\d+$/.test(parts[1]!);
    const namespace = threeSegments ? `${parts[0]}/${parts[1]}/${parts[2]}` : `${parts[0]}/${parts[1]}`;
    this.namespaces.add(namespace);
    const pattern = path.replace(/:([A-Za-z_]+)/g, (_m, name) => `(?P<${name}>[^/]+)`);
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const entry = this.routes.get(pattern) ?? {
      namespace,
      methods: new Set(),
      args: {},
      pattern,
      hasParams: pattern.includes('(?P<'),
    };
    for (const m of methods) entry.methods.add(m);
    const schema = (route.schema?.querystring ?? route.schema?.body) as
      | { properties?: Record<string, any>; required?: string[] }
      | undefined;
    for (const [name, prop] of Object.entries(schema?.properties ?? {})) {
      if (name.startsWith('_') || name === 'rest_route') continue;
      entry.args[name] = { ...stripKind(prop), required: schema?.required?.includes(name) ?? false };
    }
    this.routes.set(pattern, entry);
  };

  /** Registers `GET /wp-json/` and `GET /wp-json/<ns>/<version>` (and `/wp-json/<a>/<b>/<version>` for three-segment namespaces). */
  register(app: RestApp, site: { name: string; description: string; url: string }): void {
    const namespaceIndex = (namespace: string) => ({
      namespace,
      routes: this.routesFor(namespace, site.url),
      _links: { up: [{ href: `${site.url}/wp-json/` }] },
    });
    app.get('/wp-json', { schema: { hide: true } }, async (request, reply) =>
      sendJsonBytes(
        request,
        reply,
        this.body('', () => ({
          name: site.name,
          description: site.description,
          url: site.url,
          home: site.url,
          gmt_offset: 0,
          timezone_string: 'UTC',
          namespaces: [...this.namespaces].sort(),
          authentication: {},
          routes: this.routesFor(null, site.url),
          _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
        })),
      ),
    );
    for (const namespace of this.namespaces)
      if (namespace.split('/').length === 3)
        app.get(`/wp-json/${namespace}`, { schema: { hide: true } }, async (request, reply) =>
          sendJsonBytes(
            request,
            reply,
            this.body(namespace, () => namespaceIndex(namespace)),
          ),
        );
    app.get('/wp-json/:ns/:version', { schema: { hide: true } }, async (request, reply) => {
      const { ns, version } = request.params as { ns: string; version: string };
      const namespace = `${ns}/${version}`;
      if (!this.namespaces.has(namespace)) {
        return reply.code(404).send({
          code: 'rest_invalid_namespace',
          message: 'The specified namespace could not be found.',
          data: { status: 404 },
        });
      }
      return sendJsonBytes(
        request,
        reply,
        this.body(namespace, () => namespaceIndex(namespace)),
      );
    });
  }

  private body(key: string, build: () => unknown): EncodedBody {
    let body = this.bodies.get(key);
    if (!body) {
      body = encoded(JSON.stringify(build()));
      this.bodies.set(key, body);
    }
    return body;
  }

  private routesFor(namespace: string | null, base: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const route of [...this.routes.values()].sort((a, b) => a.pattern.localeCompare(b.pattern))) {
      if (namespace && route.namespace !== namespace) continue;
      const methods = [...route.methods];
      out[route.pattern] = {
        namespace: route.namespace,
        methods,
        endpoints: [{ methods, args: route.args }],
        ...(route.hasParams ? {} : { _links: { self: [{ href: `${base}/wp-json${route.pattern}` }] } }),
      };
    }
    return out;
  }
}

function stripKind(schema: Record<string, unknown>): Record<string, unknown> {
  const { [Symbol.for('TypeBox.Kind')]: _k, ...rest } = schema as Record<string | symbol, unknown>;
  return rest as Record<string, unknown>;
}

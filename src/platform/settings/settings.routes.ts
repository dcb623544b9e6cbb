import { type TObject, Type } from '@sinclair/typebox';
import type { RestApp } from '../http/server.js';
import type { SettingsStorage } from './define-settings.js';
import type { SettingsStore } from './settings-store.js';

/**
 * The REST routes a settings declaration names (`routes`): `GET` answers the view, each update method applies a
 * change and answers the view of the result (or what `reply` builds), and the optional reset route wipes them.
 * Authentication and the permission checks run before validation; a refused body stores nothing.
 */
export function registerSettingsRoutes<T, Stored, C, St extends SettingsStorage<Stored>, S>(
  app: RestApp,
  store: SettingsStore<T, Stored, C, St>,
  services: S,
): void {
  const { schema, routes } = store.declaration;
  if (!routes) return;
  const { path, tags, summary, bodyKey, authorize, written, reply, reset } = routes;
  const config = { auth: routes.auth };
  const view = routes.response ?? schema;
  const change = routes.body ?? Type.Partial(schema as TObject, { additionalProperties: false });

  app.get(path, { config, schema: { tags, summary: summary.read, response: { 200: view } } }, async () =>
    store.view(),
  );

  for (const method of routes.update ?? ['POST']) {
    app.route({
      method,
      url: path,
      config,
      ...(authorize ? { preValidation: async (request) => authorize(request.principal, request.body) } : {}),
      schema: {
        tags,
        summary: summary.update,
        body: bodyKey ? Type.Object({ [bodyKey]: change }, { additionalProperties: false }) : change,
        response: { 200: routes.updateResponse ?? view },
      },
      handler: async (request) => {
        const sent = request.body as Record<string, unknown>;
        const body = (bodyKey ? sent[bodyKey] : sent) as Record<string, unknown>;
        const update = await store.update(
          body,
          written && ((done, trx) => written(services, done, trx, request)),
        );
        return reply ? reply(services, { ...update, body }) : store.view(update.next);
      },
    });
  }

  if (reset) {
    app.route({
      method: reset.method,
      url: `${path}${reset.path}`,
      config,
      schema: { tags, summary: reset.summary, response: { 200: reset.response } },
      handler: async (request) => {
        const { alongside } = reset;
        const result = await store.reset(alongside && ((trx) => alongside(services, trx, request)));
        return reset.reply(services, result, await store.view());
      },
    });
  }
}

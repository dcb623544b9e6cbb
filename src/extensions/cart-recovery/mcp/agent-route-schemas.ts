import type { TSchema } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';

/** The TypeBox schemas of one agent route's input, as the route itself declares them. */
export interface AgentRouteSchemas {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
}

/** Agent route schemas keyed `METHOD /agent/path/{param}` (the manifest's spelling of a route). */
export type AgentSchemaTable = Map<string, AgentRouteSchemas>;

const AGENT_URL = /^\/wp-json\/cartrecovery\/v1(\/agent\/.*)$/;

/**
 * Records the input schemas of the agent routes into `table` as they are registered (call before registering
 * them), so the MCP tools take each route's own TypeBox schema instead of a copy.
 */
export function captureAgentRouteSchemas(app: RestApp, table: AgentSchemaTable): void {
  app.addHook('onRoute', (route) => {
    const match = AGENT_URL.exec(route.url);
    if (!match || !route.schema) return;
    const path = match[1]!.replace(/:([A-Za-z_]+)/g, '{$1}');
    const { params, querystring, body } = route.schema as AgentRouteSchemas;
    for (const method of [route.method].flat()) table.set(`${method} ${path}`, { params, querystring, body });
  });
}

import type { TSchema } from '@sinclair/typebox';
import type { AgentSchemaTable } from './agent-route-schemas.js';

/** The parts of `GET /agent/manifest` the MCP tools are generated from. */
export interface ManifestForTools {
  caller: { scopes: string[] };
  routes: Array<{
    method: string;
    path: string;
    scope: string;
    description: string;
    tool?: string;
    gate: string | null;
  }>;
  actions: Array<{ name: string; scope: string; gate: string | null; description: string; body: object }>;
}

/** One MCP tool: its name, description, input JSON Schema and the agent route a call goes to. */
export interface AgentTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
  route: { method: string; path: string; action?: string };
  /** Which input keys go to the path, the query string and the body. */
  split: { params: string[]; query: string[]; body: string[] };
}

const ACTIONS_ROUTE = 'POST /agent/sessions/{id}/actions';

/**
 * The tools a caller sees: one per manifest route that names a tool and one per session action, limited to the
 * scopes the caller holds (gates are not checked here: the route answers a closed gate with its own 403).
 */
export function agentTools(manifest: ManifestForTools, schemas: AgentSchemaTable): AgentTool[] {
  const held = new Set(manifest.caller.scopes);
  const tools: AgentTool[] = [];
  for (const route of manifest.routes) {
    if (!route.tool || !held.has(route.scope)) continue;
    const s = schemas.get(`${route.method} ${route.path}`) ?? {};
    tools.push(
      toolOf(route.tool, describe(route.description, route.scope, route.gate), route, {
        params: s.params,
        query: s.querystring,
        body: s.body,
      }),
    );
  }
  const actionSchemas = schemas.get(ACTIONS_ROUTE) ?? {};
  const bodyProps = propertiesOf(actionSchemas.body);
  for (const action of manifest.actions) {
    if (!held.has(action.scope)) continue;
    const extra = Object.keys(action.body).filter((k) => k !== 'action' && bodyProps[k]);
    const body = extra.length
      ? ({
          type: 'object',
          properties: Object.fromEntries(extra.map((k) => [k, bodyProps[k]])),
          required: extra,
        } as unknown as TSchema)
      : undefined;
    tools.push(
      toolOf(
        action.name,
        describe(action.description, action.scope, action.gate),
        { method: 'POST', path: '/agent/sessions/{id}/actions', action: action.name },
        { params: actionSchemas.params, body },
      ),
    );
  }
  return tools;
}

function describe(text: string, scope: string, gate: string | null): string {
  return `${text} (scope: ${scope}${gate ? `; gate: ${gate}` : ''})`;
}

/** A tool whose input schema merges the route's path, query and body schemas into one object. */
function toolOf(
  name: string,
  description: string,
  route: AgentTool['route'],
  parts: { params?: TSchema; query?: TSchema; body?: TSchema },
): AgentTool {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const split = { params: [] as string[], query: [] as string[], body: [] as string[] };
  for (const [where, schema] of [
    ['params', parts.params],
    ['query', parts.query],
    ['body', parts.body],
  ] as const) {
    const props = propertiesOf(schema);
    Object.assign(properties, props);
    split[where].push(...Object.keys(props));
    required.push(...(((schema as { required?: string[] } | undefined)?.required ?? []) as string[]));
  }
  return {
    name,
    description,
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
    route,
    split,
  };
}

/** The JSON Schema properties of an object schema (TypeBox's own symbols dropped). */
function propertiesOf(schema: TSchema | undefined): Record<string, unknown> {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return JSON.parse(JSON.stringify(props)) as Record<string, unknown>;
}

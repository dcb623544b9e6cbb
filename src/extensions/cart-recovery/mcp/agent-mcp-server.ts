import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AGENT_SCOPES, SCOPE_GATE } from '../agent/agent-permissions.js';
import { AGENT_ROUTES, SESSION_ACTIONS } from '../agent/agent-surface.js';
import type { AgentAnswer, AgentDispatch } from './agent-dispatch.js';
import type { AgentSchemaTable } from './agent-route-schemas.js';
import { type AgentTool, agentTools, type ManifestForTools } from './agent-tools.js';
import type { ReadTools } from './read-tools.js';

/** The MCP resources: agent routes read as documents. */
const RESOURCES = [
  {
    uri: 'cartrecovery://agent/manifest',
    name: 'manifest',
    description: 'The agent manifest: routes, actions, scopes, gates and your access.',
    path: '/agent/manifest',
  },
  {
    uri: 'cartrecovery://agent/audit-log',
    name: 'audit-log',
    description: 'The newest 100 redacted audit entries of agent calls.',
    path: '/agent/audit-log?per_page=100',
  },
];

/** Every tool of the agent surface regardless of the caller (a call is resolved here; the route decides). */
const ALL_TOOLS: ManifestForTools = {
  caller: { scopes: [...AGENT_SCOPES] },
  routes: AGENT_ROUTES.map((r) => ({ ...r, gate: SCOPE_GATE[r.scope] ?? null })),
  actions: Object.entries(SESSION_ACTIONS).map(([name, a]) => ({
    name,
    scope: a.scope,
    gate: SCOPE_GATE[a.scope] ?? null,
    description: a.description,
    body: { action: name, ...a.params },
  })),
};

/**
 * An MCP server (tools and resources) whose every call is an agent REST call made as the caller, or a call of
 * another module's read-only tool (`readTools`).
 */
export function createAgentMcpServer(
  dispatch: AgentDispatch,
  schemas: AgentSchemaTable,
  readTools: ReadTools,
): Server {
  const server = new Server(
    { name: 'storeside-cartrecovery', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} } },
  );
  const read = async (path: string): Promise<unknown> => {
    const [route, search] = path.split('?');
    const answer = await dispatch({
      method: 'GET',
      path: route!,
      query: Object.fromEntries(new URLSearchParams(search ?? '')),
    });
    if (answer.status >= 400) throw refusal(answer);
    return answer.body;
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const manifest = (await read('/agent/manifest')) as ManifestForTools;
    return {
      tools: [
        ...agentTools(manifest, schemas).map((t) => ({
          name: t.name,
          description: t.description,
          inputSchema: t.inputSchema,
        })),
        ...readTools.list(),
      ],
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = agentTools(ALL_TOOLS, schemas).find((t) => t.name === request.params.name);
    const args = request.params.arguments ?? {};
    if (!tool) {
      const read = readTools.call(request.params.name, args);
      if (!read) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      return read;
    }
    const missing = tool.split.params.filter((p) => args[p] === undefined || args[p] === '');
    if (missing.length) {
      const error = {
        code: 'rest_missing_callback_param',
        message: `Missing parameter(s): ${missing.join(', ')}`,
        data: { status: 400, params: missing },
      };
      return { content: [{ type: 'text', text: JSON.stringify(error, null, 2) }], isError: true };
    }
    const answer = await dispatch(callOf(tool, args));
    const result =
      answer.total === null
        ? answer.body
        : { items: answer.body, total: answer.total, total_pages: answer.totalPages };
    return {
      content: [{ type: 'text', text: JSON.stringify(result, null, 2) }],
      isError: answer.status >= 400,
    };
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: RESOURCES.map(({ uri, name, description }) => ({
      uri,
      name,
      description,
      mimeType: 'application/json',
    })),
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const resource = RESOURCES.find((r) => r.uri === request.params.uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${request.params.uri}`);
    const body = await read(resource.path);
    return {
      contents: [{ uri: resource.uri, mimeType: 'application/json', text: JSON.stringify(body, null, 2) }],
    };
  });
  return server;
}

/** The agent route call of a tool call: path parameters filled in, the rest to the query or the body. */
function callOf(tool: AgentTool, args: Record<string, unknown>) {
  let path = tool.route.path;
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = tool.route.action ? { action: tool.route.action } : {};
  const hasBody = !['GET', 'DELETE'].includes(tool.route.method);
  for (const [key, value] of Object.entries(args)) {
    if (tool.split.params.includes(key)) path = path.replace(`{${key}}`, encodeURIComponent(String(value)));
    else if (tool.split.query.includes(key) || !hasBody) query[key] = value;
    else body[key] = value;
  }
  return { method: tool.route.method, path, query, ...(hasBody ? { body } : {}) };
}

/** A refused read as an MCP error carrying the route's WordPress error. */
function refusal(answer: AgentAnswer): McpError {
  const error = answer.body as { code?: string; message?: string };
  return new McpError(
    ErrorCode.InvalidRequest,
    `${answer.status} ${error?.code ?? 'error'}: ${error?.message ?? ''}`,
    answer.body,
  );
}

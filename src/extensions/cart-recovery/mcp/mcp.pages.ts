import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { RestApp } from '../../../platform/http/server.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { authorizeAgentBase } from '../agent/agent-permissions.js';
import { AGENT_POLICY } from '../agent/agent.routes.js';
import { agentDispatcher } from './agent-dispatch.js';
import { readTools } from './read-tools.js';

/** A JSON-RPC message or batch (the SDK transport checks the rest and answers 400 itself). */
const JsonRpcBody = Type.Union([
  Type.Object({ jsonrpc: Type.Literal('2.0') }, { additionalProperties: true }),
  Type.Array(Type.Object({ jsonrpc: Type.Literal('2.0') }, { additionalProperties: true }), {
    minItems: 1,
    maxItems: 50,
  }),
]);

/**
 * `/mcp`: the MCP Streamable HTTP endpoint (stateless, JSON responses), authenticated as the agent routes are
 * (bearer token or Application Password; the master gates and some agent capability required).
 */
export function registerMcpPage(app: RestApp, cr: CartRecovery): void {
  const guard = {
    config: { auth: AGENT_POLICY },
    onRequest: async (request: FastifyRequest) =>
      authorizeAgentBase(await cr.settings.get(), request.principal),
  };
  app.post(
    '/mcp',
    {
      ...guard,
      schema: { tags: ['cartrecovery-agent'], summary: 'MCP Streamable HTTP endpoint.', body: JsonRpcBody },
    },
    async (request, reply) => {
      const { createAgentMcpServer, WebStandardStreamableHTTPServerTransport } = await mcpSdk();
      const server = createAgentMcpServer(
        agentDispatcher(app, request.headers),
        cr.agentRouteSchemas,
        readTools(app, cr, { principal: request.principal, ip: request.ip }),
      );
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const response = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
        const text = await response.text();
        if (response.status >= 400)
          return reply.code(response.status).send(wordpressError(response.status, text));
        reply.code(response.status);
        response.headers.forEach((value, name) => {
          reply.header(name, value);
        });
        return reply.send(text);
      } finally {
        await server.close();
      }
    },
  );
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      ...guard,
      schema: { tags: ['cartrecovery-agent'], summary: 'Not offered: the MCP endpoint is stateless.' },
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({
            code: 'rest_no_route',
            message: 'The MCP endpoint is stateless: POST JSON-RPC messages to it.',
            data: { status: 405 },
          }),
    });
  }
}

/**
 * The MCP SDK's server side, imported on the first `/mcp` request rather than at start-up: the SDK and zod
 * stay in memory once loaded, and a server no agent talks to never needs them.
 */
async function mcpSdk() {
  const [{ createAgentMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
    import('./agent-mcp-server.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]);
  return { createAgentMcpServer, WebStandardStreamableHTTPServerTransport };
}

/** The headers the SDK transport reads (the caller's credentials stay with Fastify). */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id'] as const;

/** The Fetch API request the SDK transport reads (its headers only; the body is passed parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of TRANSPORT_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request('http://localhost/mcp', { method: 'POST', headers });
}

/** A refusal of the transport itself (wrong Accept, malformed JSON-RPC …) in the WordPress error shape. */
function wordpressError(status: number, text: string) {
  let jsonrpc: { error?: { code?: number; message?: string } } = {};
  try {
    jsonrpc = JSON.parse(text) as typeof jsonrpc;
  } catch {
    // Not JSON: the message below says what was refused.
  }
  return {
    code: 'cartrecovery_mcp_invalid_request',
    message: jsonrpc.error?.message ?? `The MCP request was refused (${status}).`,
    data: { status, jsonrpc_code: jsonrpc.error?.code ?? null },
  };
}

import type { RestApp } from '../../../platform/http/server.js';
import { mcpOriginHeaders } from './mcp-origin.js';

/** One agent REST call made on behalf of an MCP caller. */
export interface AgentCall {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** What the agent route answered. */
export interface AgentAnswer {
  status: number;
  body: unknown;
  total: number | null;
  totalPages: number | null;
}

/** Runs agent calls as the given caller. */
export type AgentDispatch = (call: AgentCall) => Promise<AgentAnswer>;

/** The caller's credentials that are forwarded to the agent routes (nothing else of the MCP request is). */
const FORWARDED = ['authorization', 'cookie', 'x-wp-nonce'] as const;

/**
 * Dispatches each call to the agent REST route in-process with the caller's own credentials, so every permission,
 * gate, scope, masking and audit rule is the route's; the injected request carries the MCP origin mark.
 */
export function agentDispatcher(app: RestApp, caller: Record<string, unknown>): AgentDispatch {
  const headers: Record<string, string> = { ...mcpOriginHeaders() };
  for (const name of FORWARDED) if (typeof caller[name] === 'string') headers[name] = caller[name] as string;
  return async (call) => {
    const query = Object.fromEntries(
      Object.entries(call.query ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    const response = await app.inject({
      method: call.method as 'GET',
      url: `/wp-json/cartrecovery/v1${call.path}`,
      query,
      headers,
      ...(call.body !== undefined ? { payload: call.body } : {}),
    });
    const total = response.headers['x-wp-total'];
    const pages = response.headers['x-wp-totalpages'];
    return {
      status: response.statusCode,
      body: parseBody(response.body),
      total: total === undefined ? null : Number(total),
      totalPages: pages === undefined ? null : Number(pages),
    };
  };
}

/** The reply as JSON (every agent route answers JSON), or its text should it not be. */
function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

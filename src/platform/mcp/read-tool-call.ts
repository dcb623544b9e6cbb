import { DELEGATION_HEADER, delegateCaller } from '../auth/delegation.js';
import type { Principal } from '../auth/principal.js';
import type { RestApp } from '../http/server.js';
import type { McpReadTool } from './mcp-tools.js';

/** What a read tool's route answered (status, JSON body, and the collection headers when it sent them). */
export interface ReadToolAnswer {
  status: number;
  body: unknown;
  total: number | null;
  totalPages: number | null;
}

/** The caller an MCP request was admitted as, and where it came from. */
export interface McpCaller {
  principal: Principal;
  ip: string;
}

/**
 * Calls a read tool's GET route in-process as the MCP request's caller, already authenticated (and, for a cookie
 * login, nonce-checked) by the MCP endpoint: the sub-request is delegated the way batch items are
 * (`delegation.ts`), so the route's own access rule and validation decide. Only the route's declared path and
 * query parameters are sent; a path parameter must be a real segment (never empty, `.` or `..`).
 */
export async function callReadTool(
  app: RestApp,
  caller: McpCaller,
  tool: McpReadTool,
  args: Record<string, unknown>,
): Promise<ReadToolAnswer> {
  const missing: string[] = [];
  const path = tool.route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = args[name];
    const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    if (/^\.*$/.test(text)) missing.push(name);
    return encodeURIComponent(text);
  });
  if (missing.length) return missingParams(missing);
  const query: Record<string, string> = {};
  for (const key of Object.keys(tool.querystring?.properties ?? {})) {
    const value = args[key];
    if (value === undefined || value === null) continue;
    query[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const delegation = delegateCaller(caller.principal);
  try {
    const response = await app.inject({
      method: 'GET',
      url: `/wp-json${path}`,
      query,
      headers: { [DELEGATION_HEADER]: delegation.token },
      remoteAddress: caller.ip,
    });
    const total = response.headers['x-wp-total'];
    const pages = response.headers['x-wp-totalpages'];
    return {
      status: response.statusCode,
      body: response.body === '' ? null : (JSON.parse(response.body) as unknown),
      total: total === undefined ? null : Number(total),
      totalPages: pages === undefined ? null : Number(pages),
    };
  } finally {
    delegation.release();
  }
}

function missingParams(names: string[]): ReadToolAnswer {
  const body = {
    code: 'rest_missing_callback_param',
    message: `Missing parameter(s): ${names.join(', ')}`,
    data: { status: 400, params: names },
  };
  return { status: 400, body, total: null, totalPages: null };
}

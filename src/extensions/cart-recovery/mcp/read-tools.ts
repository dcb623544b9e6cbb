import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { can } from '../../../platform/auth/principal.js';
import { RestError } from '../../../platform/http/errors.js';
import type { RestApp } from '../../../platform/http/server.js';
import type { RegisteredMcpReadTool } from '../../../platform/mcp/mcp-tools.js';
import { callReadTool, type McpCaller, type ReadToolAnswer } from '../../../platform/mcp/read-tool-call.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { authorizeAgent, effectiveScopes } from '../agent/agent-permissions.js';
import { recordMcpReadToolCall } from '../agent/audit-log.service.js';

/** The read-only tools other modules register (`ctx.mcpTools`), as one MCP caller may list and call them. */
export interface ReadTools {
  /** The tools the caller sees: those whose capability it holds, when it may use the agent `read` scope. */
  list(): Tool[];
  /** Calls the tool of that name (null when none is registered); every call is audited with `via: mcp`. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult> | null;
}

/**
 * The registered read tools for one MCP request's caller. A call needs the agent `read` scope (checked by the
 * agent permission code, as any agent read); then the tool's own route decides, called in-process as the caller.
 */
export function readTools(app: RestApp, cr: CartRecovery, caller: McpCaller): ReadTools {
  const { principal } = caller;
  const run = async (tool: RegisteredMcpReadTool, args: Record<string, unknown>): Promise<CallToolResult> => {
    const answer = (await readScopeRefusal(cr, caller)) ?? (await callReadTool(app, caller, tool, args));
    await recordMcpReadToolCall(cr, { principal, route: tool.route, args, status: answer.status });
    const result =
      Array.isArray(answer.body) && answer.total !== null
        ? { items: answer.body, total: answer.total, total_pages: answer.totalPages }
        : answer.body;
    return {
      content: [{ type: 'text', text: JSON.stringify(result, null, 2) }],
      isError: answer.status >= 400,
    };
  };
  return {
    list: () =>
      effectiveScopes(principal).has('read')
        ? cr.ctx.mcpTools
            .list()
            .filter((tool) => can(principal, tool.capability))
            .map((tool) => ({
              name: tool.name,
              description: `${tool.description} (read-only: GET /wp-json${tool.route}; capability: ${tool.capability}; scope: read)`,
              inputSchema: tool.inputSchema,
            }))
        : [],
    call(name, args) {
      const tool = cr.ctx.mcpTools.find(name);
      return tool ? run(tool, args) : null;
    },
  };
}

/** The agent permission code's refusal of a read by this caller now, as a route would answer it (null: allowed). */
async function readScopeRefusal(cr: CartRecovery, caller: McpCaller): Promise<ReadToolAnswer | null> {
  try {
    authorizeAgent(await cr.settings.get(), caller.principal, 'read');
    return null;
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    const body = { code: error.code, message: error.message, data: { status: error.status, ...error.data } };
    return { status: error.status, body, total: null, totalPages: null };
  }
}

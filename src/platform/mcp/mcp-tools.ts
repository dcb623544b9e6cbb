import type { TObject } from '@sinclair/typebox';

/** A read-only MCP tool a module offers over one of its own GET routes; the route decides every call. */
export interface McpReadTool {
  /** `snake_case`, starting with the module's name (e.g. `loyalty_list_ledger`). */
  name: string;
  /** What the tool answers, for the agent. */
  description: string;
  /** The GET route it calls, under `/wp-json`, spelled as registered (e.g. `/loyalty/v1/customers/:id`). */
  route: string;
  /** The capability the route requires: only callers holding it see the tool listed. */
  capability: string;
  /** The route's own TypeBox schema of its path parameters. */
  params?: TObject;
  /** The route's own TypeBox schema of its query string. */
  querystring?: TObject;
}

/** The MCP input JSON Schema of a read tool: its path parameters and query string as one object. */
// A type alias, not an interface: the MCP SDK's Tool type needs its implicit index signature.
export type McpInputSchema = {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
};

/** A registered read tool with its input JSON Schema. */
export interface RegisteredMcpReadTool extends McpReadTool {
  inputSchema: McpInputSchema;
}

const NAME = /^[a-z][a-z0-9_]{0,63}$/;
const ROUTE = /^\/[A-Za-z0-9_/:.-]+$/;

/** The read-only MCP tools the modules offer (`ctx.mcpTools`), which an MCP server lists and calls. */
export class McpToolRegistry {
  private readonly tools = new Map<string, RegisteredMcpReadTool>();

  /** Adds a tool (at start, next to the route it calls); a bad or repeated name is a programming error. */
  register(tool: McpReadTool): void {
    if (!NAME.test(tool.name)) throw new Error(`MCP tool name "${tool.name}" is not snake_case`);
    if (!ROUTE.test(tool.route)) throw new Error(`MCP tool "${tool.name}": "${tool.route}" is not a route`);
    if (this.tools.has(tool.name)) throw new Error(`MCP tool "${tool.name}" is already registered`);
    this.tools.set(tool.name, { ...tool, inputSchema: inputSchemaOf(tool) });
  }

  /** Every registered tool, in registration order. */
  list(): RegisteredMcpReadTool[] {
    return [...this.tools.values()];
  }

  /** The tool of that name, if one is registered. */
  find(name: string): RegisteredMcpReadTool | undefined {
    return this.tools.get(name);
  }
}

function inputSchemaOf(tool: McpReadTool): McpInputSchema {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  for (const schema of [tool.params, tool.querystring]) {
    if (!schema) continue;
    // Through JSON: plain JSON Schema, without TypeBox's symbol keys.
    Object.assign(properties, JSON.parse(JSON.stringify(schema.properties)));
    required.push(...(schema.required ?? []));
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

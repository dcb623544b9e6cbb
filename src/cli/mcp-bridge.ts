import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { CliUsageError } from '../platform/cli/cli-command.js';

/**
 * `storeside mcp`: an MCP stdio server for desktop agents that relays every message to the `/mcp` endpoint of a
 * running instance with the given credentials, so the instance applies its own authentication, scopes, gates,
 * masking and audit. Runs until stdin closes; nothing but MCP messages is written to stdout.
 */
export async function mcpBridge(options: { token?: string; url?: string }): Promise<number> {
  const token = options.token ?? process.env.STORESIDE_MCP_TOKEN;
  if (!token) throw new CliUsageError('--token is required');
  let endpoint: URL;
  try {
    endpoint = new URL('/mcp', options.url ?? 'http://127.0.0.1:8080');
  } catch {
    throw new CliUsageError('--url must be an http(s) URL');
  }
  const authorization = token.startsWith('crat_')
    ? `Bearer ${token}`
    : `Basic ${Buffer.from(token).toString('base64')}`;
  const http = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization } } });
  const stdio = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    stdio.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  http.onmessage = (message) => void stdio.send(message);
  http.onerror = (error) => process.stderr.write(`storeside mcp: ${error.message}\n`);
  stdio.onmessage = (message) => {
    http.send(message).catch(async (error: Error) => {
      process.stderr.write(`storeside mcp: ${error.message}\n`);
      if ('id' in message && 'method' in message) await stdio.send(relayError(message, error));
    });
  };
  await http.start();
  await stdio.start();
  await closed;
  await http.close();
  return 0;
}

/** The JSON-RPC error answered to the desktop agent when the instance could not be reached or refused. */
function relayError(request: JSONRPCMessage & { id: string | number }, error: Error): JSONRPCMessage {
  return { jsonrpc: '2.0', id: request.id, error: { code: -32000, message: error.message } };
}

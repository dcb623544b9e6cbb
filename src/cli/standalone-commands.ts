import type { CliCommand } from '../platform/cli/cli-command.js';
import { loadConfig } from '../platform/config/config.js';
import { serve } from './serve.js';

/** Commands that run without the CLI building the app: the server (it builds its own) and the MCP relay. */
export const standaloneCommands: ReadonlyArray<CliCommand<void>> = [
  {
    name: ['serve'],
    summary: 'Run the HTTP server and the job worker (what `npm start` runs; the default command).',
    async run() {
      return serve(loadConfig());
    },
  },
  {
    name: ['mcp'],
    summary: "MCP stdio server for desktop agents, relaying to a running instance's /mcp endpoint.",
    options: {
      token: {
        type: 'string',
        value: '<token>',
        description: 'A crat_… bearer token or username:application-password (or STORESIDE_MCP_TOKEN).',
      },
      url: { type: 'string', value: '<url>', description: 'The instance (default http://127.0.0.1:8080).' },
    },
    async run(_ctx, { options }) {
      // A relay to a running instance: it needs neither the configuration nor the database, and other commands
      // (the server first) never load the MCP SDK's client.
      const { mcpBridge } = await import('./mcp-bridge.js');
      // parseArgs gives string options strings: the declaration above is what it parsed with.
      return mcpBridge(options as { token?: string; url?: string });
    },
  },
];

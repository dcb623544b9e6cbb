import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartRecoveryExtension } from '../../src/extensions/cart-recovery/cart-recovery.extension.js';
import { startListeningApp } from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';
import { setSettings } from './cr-helpers.js';

const root = join(import.meta.dirname, '..', '..');
let t: TestApp;
let url: string;
let adminCookie: Record<string, string>;
let appPassword: Record<string, string>;
const tokens: Record<string, string> = {};
const GATES_OFF = {
  agent_access_enabled: true,
  agent_rest_enabled: true,
  agent_write_enabled: false,
  agent_contact_enabled: false,
  agent_sensitive_enabled: false,
  agent_destructive_enabled: false,
};

beforeAll(async () => {
  ({ t, url } = await startListeningApp({}, { extensions: [cartRecoveryExtension] }));
  const admin = await t.createUser({ role: 'administrator' });
  adminCookie = (await t.login(admin)).headers;
  appPassword = await t.appPasswordHeader(admin);
  await setSettings(t, adminCookie, GATES_OFF);
  for (const scopes of [['read', 'write'], ['read'], ['read', 'manage_tokens']]) {
    const r = await rest('POST', '/agent/tokens', appPassword, { name: scopes.join('+'), scopes });
    expect(r.statusCode).toBe(201);
    tokens[scopes.join('+')] = r.json().token;
  }
}, 60_000);
afterAll(async () => t.close());
beforeEach(async () => setSettings(t, adminCookie, GATES_OFF));

function rest(method: string, path: string, headers: Record<string, string>, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url: `/wp-json/cartrecovery/v1${path}`,
    headers,
    ...(payload ? { payload } : {}),
  });
}

/** An SDK client connected over Streamable HTTP with the given Authorization header. */
async function httpClient(authorization: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization } } }),
  );
  return client;
}

/** The text of a tool result, parsed. */
function resultOf(result: Awaited<ReturnType<Client['callTool']>>): { isError: boolean; body: any } {
  const content = result.content as Array<{ type: string; text: string }>;
  return { isError: result.isError === true, body: JSON.parse(content[0]!.text) };
}

describe('MCP over Streamable HTTP at /mcp', () => {
  it('refuses a caller without credentials with 401 in the WordPress shape, changing nothing', async () => {
    const r = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ code: 'rest_not_logged_in', data: { status: 401 } });
    const bad = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer crat_nope_nope' },
      body: '{}',
    });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { code: string }).code).toBe('rest_invalid_token');
  });

  it('refuses a user without agent capability and every caller while a master gate is off (403)', async () => {
    const customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
    const post = (authorization: string) =>
      fetch(`${url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const r = await post(customer.authorization!);
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    await setSettings(t, adminCookie, { agent_rest_enabled: false });
    const closed = await post(`Bearer ${tokens['read+write']}`);
    expect(closed.status).toBe(403);
    expect(await closed.json()).toMatchObject({
      code: 'cartrecovery_agent_disabled',
      data: { status: 403, gate: 'agent_rest_enabled' },
    });
  });

  it('answers a request the transport refuses in the WordPress error shape', async () => {
    const r = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.read}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(r.status).toBe(406);
    expect(await r.json()).toMatchObject({
      code: 'cartrecovery_mcp_invalid_request',
      data: { status: 406 },
    });
    const batch = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.read}` },
      body: JSON.stringify({ method: 'tools/list' }),
    });
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    const get = await fetch(`${url}/mcp`, { headers: { authorization: `Bearer ${tokens.read}` } });
    expect(get.status).toBe(405);
  });

  it('lists the tools of the scopes a token holds, each with its route schema', async () => {
    const client = await httpClient(`Bearer ${tokens['read+write']}`);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'get_manifest',
        'list_sessions',
        'get_session',
        'get_analytics',
        'get_settings',
        'update_settings',
        'get_campaign',
        'update_campaign',
        'get_audit_log',
        'mark_abandoned_now',
      ]),
    );
    expect(names).not.toContain('create_token');
    expect(names).not.toContain('delete_session');
    const list = tools.find((tool) => tool.name === 'list_sessions')!;
    expect(list.inputSchema.properties).toHaveProperty('status');
    expect(list.inputSchema.properties).toHaveProperty('per_page');
    const session = tools.find((tool) => tool.name === 'get_session')!;
    expect(session.inputSchema.required).toEqual(['id']);
    expect(tools.find((tool) => tool.name === 'update_campaign')!.description).toContain(
      'gate: agent_write_enabled',
    );
    const managed = await httpClient(`Bearer ${tokens['read+manage_tokens']}`);
    expect((await managed.listTools()).tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['list_tokens', 'create_token', 'revoke_token']),
    );
    await client.close();
    await managed.close();
  });

  it('reads, runs a gated write only with its gate on, and audits both with via mcp', async () => {
    const client = await httpClient(`Bearer ${tokens['read+write']}`);
    const campaign = resultOf(await client.callTool({ name: 'get_campaign', arguments: {} }));
    expect(campaign.isError).toBe(false);
    expect(campaign.body.steps).toHaveLength(3);

    const refused = resultOf(
      await client.callTool({ name: 'update_campaign', arguments: { enabled: false } }),
    );
    expect(refused).toMatchObject({
      isError: true,
      body: { code: 'cartrecovery_agent_disabled', data: { status: 403, gate: 'agent_write_enabled' } },
    });
    expect((await rest('GET', '/agent/campaign', appPassword)).json().enabled).toBe(true);

    await setSettings(t, adminCookie, { agent_write_enabled: true });
    const done = resultOf(await client.callTool({ name: 'update_campaign', arguments: { enabled: false } }));
    expect(done).toMatchObject({ isError: false, body: { enabled: false } });
    expect((await rest('GET', '/agent/campaign', appPassword)).json().enabled).toBe(false);
    await rest('PATCH', '/agent/campaign', appPassword, { enabled: true });

    const invalid = resultOf(
      await client.callTool({ name: 'update_campaign', arguments: { enabled: 'maybe' } }),
    );
    expect(invalid).toMatchObject({
      isError: true,
      body: { code: 'rest_invalid_param', data: { status: 400 } },
    });

    const { contents } = await client.readResource({ uri: 'cartrecovery://agent/audit-log' });
    const entries = JSON.parse((contents[0] as { text: string }).text) as Array<Record<string, any>>;
    const patches = entries.filter((e) => e.method === 'PATCH' && e.route === '/agent/campaign');
    expect(patches.filter((e) => e.via === 'mcp').map((e) => e.result)).toEqual(
      expect.arrayContaining(['allowed', 'denied']),
    );
    expect(patches.find((e) => e.via === 'rest')?.principal.type).toBe('app_password');
    expect(entries.find((e) => e.via === 'mcp')?.principal.type).toBe('bearer');
    const manifest = await client.readResource({ uri: 'cartrecovery://agent/manifest' });
    expect(JSON.parse((manifest.contents[0] as { text: string }).text).namespace).toBe('cartrecovery/v1');
    await client.close();
  });

  it('refuses a tool whose scope the token lacks through the route, and a forged MCP mark is not believed', async () => {
    const client = await httpClient(`Bearer ${tokens.read}`);
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('update_campaign');
    await setSettings(t, adminCookie, { agent_write_enabled: true });
    const refused = resultOf(
      await client.callTool({ name: 'update_campaign', arguments: { enabled: false } }),
    );
    expect(refused).toMatchObject({ isError: true, body: { code: 'rest_forbidden', data: { status: 403 } } });
    const missing = resultOf(await client.callTool({ name: 'get_session', arguments: {} }));
    expect(missing).toMatchObject({ isError: true, body: { data: { status: 400, params: ['id'] } } });
    await client.close();

    await rest('GET', '/agent/settings', {
      authorization: `Bearer ${tokens.read}`,
      'x-storeside-mcp-origin': 'forged-from-outside',
    });
    const log = (await rest('GET', '/agent/audit-log', appPassword)).json() as Array<Record<string, any>>;
    expect(log.find((e) => e.route === '/agent/settings' && e.method === 'GET')?.via).toBe('rest');
  });

  it('accepts an Application Password like the agent routes do', async () => {
    const client = await httpClient(appPassword.authorization!);
    const settings = resultOf(await client.callTool({ name: 'get_settings', arguments: {} }));
    expect(settings).toMatchObject({ isError: false, body: { gates: { agent_write_enabled: false } } });
    await client.close();
  });
});

describe('MCP over stdio (storeside mcp)', () => {
  it('relays a desktop agent to the running instance with its token', async () => {
    const code = `const { main } = await import(${JSON.stringify(join(root, 'src/cli/main.ts'))}); process.exitCode = await main(process.argv.slice(1));`;
    const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          code,
          '--',
          'mcp',
          '--token',
          tokens.read!,
          '--url',
          url,
        ],
        cwd: root,
        env: { PATH: process.env.PATH ?? '' },
        stderr: 'pipe',
      }),
    );
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('get_analytics');
    expect(names).not.toContain('update_campaign');
    const analytics = resultOf(await client.callTool({ name: 'get_analytics', arguments: { days: 7 } }));
    expect(analytics.isError).toBe(false);
    await client.close();
    const log = (await rest('GET', '/agent/audit-log', appPassword)).json() as Array<Record<string, any>>;
    expect(log.find((e) => e.route === '/agent/analytics')).toMatchObject({ via: 'mcp', result: 'allowed' });
  }, 60_000);
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartRecoveryExtension } from '../../src/extensions/cart-recovery/cart-recovery.extension.js';
import { loyaltyExtension } from '../../src/extensions/loyalty/loyalty.extension.js';
import { startListeningApp } from '../helpers/browser.js';
import type { TestApp } from '../helpers/test-app.js';
import { adjust, loyalty } from '../loyalty/helpers.js';
import { setSettings } from './cr-helpers.js';

const LOYALTY_TOOLS = ['loyalty_list_ledger', 'loyalty_get_customer', 'loyalty_list_balances'];
let t: TestApp;
let url: string;
let adminCookie: Record<string, string>;
let adminPassword: Record<string, string>;
let managerCookie: Record<string, string>;
let managerPassword: Record<string, string>;
let alice: { id: number };
let bob: { id: number };
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ({ t, url } = await startListeningApp({}, { extensions: [loyaltyExtension, cartRecoveryExtension] }));
  const admin = await t.createUser({ role: 'administrator' });
  adminCookie = (await t.login(admin)).headers;
  adminPassword = await t.appPasswordHeader(admin);
  const manager = await t.createUser({ role: 'shop_manager' });
  managerCookie = (await t.login(manager)).headers;
  managerPassword = await t.appPasswordHeader(manager);
  await setSettings(t, adminCookie, { agent_access_enabled: true, agent_rest_enabled: true });
  for (const scopes of [['read'], ['manage_tokens']]) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/cartrecovery/v1/agent/tokens',
      headers: adminPassword,
      payload: { name: scopes.join('+'), scopes },
    });
    expect(r.statusCode).toBe(201);
    tokens[scopes.join('+')] = r.json().token;
  }
  alice = await t.createUser();
  bob = await t.createUser();
  await adjust(t, adminCookie, { user_id: alice.id, amount: 500, reason: 'welcome' });
  await adjust(t, adminCookie, { user_id: alice.id, amount: 120, type: 'debit', reason: 'correction' });
  await adjust(t, adminCookie, { user_id: bob.id, amount: 75, reason: 'bonus' });
}, 60_000);
afterAll(async () => t.close());

/** An SDK client connected over Streamable HTTP with the given headers (credentials). */
async function mcpClient(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'mcp-loyalty-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

/** Calls a tool and parses the text of its result. */
async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text: string }>;
  return { isError: result.isError === true, body: JSON.parse(content[0]!.text) };
}

/** The agent audit entries of loyalty routes, newest first. */
async function loyaltyAudit(): Promise<Array<Record<string, any>>> {
  const r = await t.app.inject({
    method: 'GET',
    url: '/wp-json/cartrecovery/v1/agent/audit-log?route=/loyalty/v1/&per_page=100',
    headers: adminPassword,
  });
  expect(r.statusCode).toBe(200);
  return r.json();
}

describe('MCP read-only loyalty tools', () => {
  it('should list the loyalty tools, with their routes’ schemas, to a caller whose user has manage_loyalty', async () => {
    const client = await mcpClient({ authorization: `Bearer ${tokens.read}` });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(LOYALTY_TOOLS));
    const ledger = tools.find((tool) => tool.name === 'loyalty_list_ledger')!;
    expect(ledger.inputSchema.properties).toMatchObject({
      per_page: { type: 'integer', maximum: 100 },
      transaction_type: { enum: ['credit', 'debit'] },
    });
    expect(ledger.description).toContain('GET /wp-json/loyalty/v1/ledger');
    expect(tools.find((tool) => tool.name === 'loyalty_get_customer')!.inputSchema.required).toEqual(['id']);
    expect(tools.find((tool) => tool.name === 'loyalty_list_balances')!.inputSchema.required).toEqual([
      'include',
    ]);
    await client.close();
  });

  it('should answer the ledger, a customer and balances exactly as the REST API does', async () => {
    const restLedger = await loyalty(t, 'GET', `/ledger?user_id=${alice.id}&per_page=1`, adminCookie);
    const restCustomer = await loyalty(t, 'GET', `/customers/${alice.id}`, adminCookie);
    const restBalances = await loyalty(t, 'GET', `/balances?include=${alice.id},${bob.id}`, adminCookie);
    for (const headers of [{ authorization: `Bearer ${tokens.read}` }, adminPassword, adminCookie]) {
      const client = await mcpClient(headers);
      const ledger = await call(client, 'loyalty_list_ledger', { user_id: alice.id, per_page: 1 });
      expect(ledger).toEqual({
        isError: false,
        body: { items: restLedger.json(), total: 2, total_pages: 2 },
      });
      expect(ledger.body.items[0]).toMatchObject({ transaction_type: 'debit', amount: '120.00' });
      const customer = await call(client, 'loyalty_get_customer', { id: alice.id });
      expect(customer).toEqual({ isError: false, body: restCustomer.json() });
      expect(customer.body.balance).toBe(380);
      const balances = await call(client, 'loyalty_list_balances', { include: `${alice.id},${bob.id}` });
      expect(balances).toEqual({ isError: false, body: restBalances.json() });
      await client.close();
    }
  });

  it('should not list them to a user without manage_loyalty, whose call the route refuses with 403', async () => {
    const client = await mcpClient(managerPassword);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('list_sessions');
    for (const name of LOYALTY_TOOLS) expect(names).not.toContain(name);
    const refused = await call(client, 'loyalty_list_ledger', {});
    const direct = await loyalty(t, 'GET', '/ledger', managerCookie);
    expect(direct.statusCode).toBe(403);
    expect(refused).toEqual({ isError: true, body: direct.json() });
    expect(refused.body).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    await client.close();
  });

  it('should refuse a token without the read scope before calling the route', async () => {
    const client = await mcpClient({ authorization: `Bearer ${tokens.manage_tokens}` });
    const refused = await call(client, 'loyalty_list_balances', { include: String(alice.id) });
    expect(refused).toMatchObject({ isError: true, body: { code: 'rest_forbidden', data: { status: 403 } } });
    expect(refused.body.message).toContain('"read" scope');
    await client.close();
  });

  it('should answer bad input with the route’s own validation error', async () => {
    const client = await mcpClient({ authorization: `Bearer ${tokens.read}` });
    for (const [name, args, query] of [
      ['loyalty_list_ledger', { per_page: 1000 }, '/ledger?per_page=1000'],
      ['loyalty_list_ledger', { transaction_type: 'gift' }, '/ledger?transaction_type=gift'],
      ['loyalty_get_customer', { id: 'abc' }, '/customers/abc'],
      ['loyalty_list_balances', { include: 'x' }, '/balances?include=x'],
    ] as const) {
      const direct = await loyalty(t, 'GET', query, adminCookie);
      expect(direct.statusCode).toBe(422);
      expect(await call(client, name, args)).toEqual({ isError: true, body: direct.json() });
    }
    for (const id of [undefined, '', '..']) {
      const missing = await call(client, 'loyalty_get_customer', { id });
      expect(missing).toMatchObject({
        isError: true,
        body: { code: 'rest_missing_callback_param', data: { status: 400, params: ['id'] } },
      });
    }
    await client.close();
  });

  it('should audit every call, allowed or refused, with via mcp, the route and the answer status', async () => {
    const client = await mcpClient({ authorization: `Bearer ${tokens.read}` });
    await call(client, 'loyalty_get_customer', { id: bob.id });
    await call(client, 'loyalty_list_ledger', { per_page: 1000 });
    await client.close();
    const refused = await mcpClient(managerPassword);
    await call(refused, 'loyalty_list_balances', { include: String(bob.id) });
    await refused.close();

    const [denied, invalid, allowed] = await loyaltyAudit();
    expect(allowed).toMatchObject({
      method: 'GET',
      route: '/loyalty/v1/customers/:id',
      target: String(bob.id),
      status: 200,
      result: 'allowed',
      via: 'mcp',
      principal: { type: 'bearer' },
    });
    expect(invalid).toMatchObject({ route: '/loyalty/v1/ledger', status: 422, result: 'error', via: 'mcp' });
    expect(invalid.detail.query).toEqual({ per_page: 1000 });
    expect(denied).toMatchObject({
      route: '/loyalty/v1/balances',
      status: 403,
      result: 'denied',
      via: 'mcp',
      principal: { type: 'app_password' },
    });
  });

  it('should leave the loyalty routes closed to outside callers the MCP endpoint admits', async () => {
    const bearer = await loyalty(t, 'GET', '/ledger', { authorization: `Bearer ${tokens.read}` });
    expect(bearer.statusCode).toBe(401);
    const noNonce = await loyalty(t, 'GET', '/ledger', adminPassword);
    expect(noNonce.json()).toMatchObject({ code: 'rest_cookie_invalid_nonce', data: { status: 401 } });
    const forged = await loyalty(t, 'GET', '/ledger', {
      ...adminPassword,
      'x-storeside-delegation': 'forged-from-outside',
    });
    expect(forged.statusCode).toBe(401);
  });
});

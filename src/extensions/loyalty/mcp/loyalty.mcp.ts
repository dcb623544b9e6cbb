import type { McpToolRegistry } from '../../../platform/mcp/mcp-tools.js';
import { ADMIN_CAPABILITY } from '../common/admin-policy.js';
import { BalancesQuery, CustomerParams, LedgerQuery, MeQuery } from '../loyalty.schemas.js';

/** Offers the read routes of the ledger and the customers' balances as read-only MCP tools (`manage_loyalty`). */
export function registerLoyaltyMcpTools(tools: McpToolRegistry): void {
  tools.register({
    name: 'loyalty_list_ledger',
    description:
      'Loyalty ledger entries, newest first, optionally for one customer (user_id), of one transaction_type or ' +
      'reference_type, or between date_from and date_to (YYYY-MM-DD); page and per_page (at most 100).',
    route: '/loyalty/v1/ledger',
    capability: ADMIN_CAPABILITY,
    querystring: LedgerQuery,
  });
  tools.register({
    name: 'loyalty_get_customer',
    description:
      "One customer's loyalty view: points balance and its money value, tier, referral link, and a page of " +
      'recent ledger history (page, per_page).',
    route: '/loyalty/v1/customers/:id',
    capability: ADMIN_CAPABILITY,
    params: CustomerParams,
    querystring: MeQuery,
  });
  tools.register({
    name: 'loyalty_list_balances',
    description:
      'The points balance and tier of each customer in include (comma-separated user ids, at most 100).',
    route: '/loyalty/v1/balances',
    capability: ADMIN_CAPABILITY,
    querystring: BalancesQuery,
  });
}

import { __, sprintf } from '@wordpress/i18n';
import type { RestErrorBody } from '../../../admin/api.js';
import { userCan } from '../../../admin/boot.js';
import type { ErrorHelp } from '../../../admin/registry.js';
import type { AgentGate } from '../settings/settings.schemas.js';

/** Each gate with what it opens (reference §6 order). */
export const GATES: Array<[AgentGate, string, string]> = [
  [
    'agent_access_enabled',
    __('Agent access', 'storeside'),
    __('Master switch: off closes every agent route.', 'storeside'),
  ],
  [
    'agent_rest_enabled',
    __('REST API for agents', 'storeside'),
    __('The /agent routes (tokens and Application Passwords).', 'storeside'),
  ],
  [
    'agent_abilities_enabled',
    __('Abilities', 'storeside'),
    __('List the agent abilities to the site.', 'storeside'),
  ],
  [
    'agent_mcp_public_enabled',
    __('Public MCP endpoint', 'storeside'),
    __('The MCP server for AI clients.', 'storeside'),
  ],
  [
    'agent_write_enabled',
    __('Write', 'storeside'),
    __('Change safe settings and the campaign; mark abandoned now.', 'storeside'),
  ],
  [
    'agent_contact_enabled',
    __('Contact shoppers', 'storeside'),
    __('Send a recovery e-mail now or cancel pending ones.', 'storeside'),
  ],
  [
    'agent_sensitive_enabled',
    __('Sensitive data', 'storeside'),
    __('Raw e-mail addresses, carts and coupons (else masked).', 'storeside'),
  ],
  [
    'agent_destructive_enabled',
    __('Destructive actions', 'storeside'),
    __('Expire or delete sessions.', 'storeside'),
  ],
];

/** The element id of a gate's switch on the Agent Access screen (the target of "turn it on" links). */
export function gateAnchor(gate: AgentGate): string {
  return `cr-gate-${gate}`;
}

/** `cartrecovery_agent_disabled` as a person reads it: which gate is off and where to turn it on. */
export function gateClosedHelp(error: RestErrorBody): ErrorHelp {
  const gate = GATES.find(([name]) => name === error.data?.gate);
  if (!gate) return { message: error.message };
  const [name, label] = gate;
  const message = sprintf(__('The agent gate “%s” is switched off.', 'storeside'), label);
  if (!userCan('cartrecovery_agent_manage_access'))
    return {
      message: `${message} ${__('Ask someone who may manage agent access to turn it on.', 'storeside')}`,
    };
  return {
    message,
    action: {
      label: sprintf(__('Turn on “%s”', 'storeside'), label),
      path: `cart-recovery/agent-access#${gateAnchor(name)}`,
    },
  };
}

import { __ } from '@wordpress/i18n';
import { userCan } from '../../../admin/boot.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { AgentGatesForm } from './agent-gates-form.js';
import { AuditLogList } from './audit-log-list.js';
import { TokensList } from './tokens-list.js';

/** Agent access: the gates (for those who may manage access), bearer tokens and the redacted audit log. */
export default function AgentAccessScreen() {
  return (
    <>
      <ScreenHeader title={__('Agent Access', 'storeside')} />
      <p>
        {__(
          'AI agents and scripts reach cart recovery through its /agent REST routes and MCP endpoint, with a bearer token or an Application Password. Every call is written to the audit log.',
          'storeside',
        )}
      </p>
      <section className="storeside-panel" aria-labelledby="cr-gates-title">
        <h2 id="cr-gates-title">{__('Gates', 'storeside')}</h2>
        {userCan('cartrecovery_agent_manage_access') ? (
          <AgentGatesForm labelledBy="cr-gates-title" />
        ) : (
          <p>{__('Only users allowed to manage agent access can change the gates.', 'storeside')}</p>
        )}
      </section>
      <section className="storeside-panel" aria-labelledby="cr-tokens-title">
        <h2 id="cr-tokens-title">{__('Tokens', 'storeside')}</h2>
        <TokensList />
      </section>
      <section className="storeside-panel" aria-labelledby="cr-audit-title">
        <h2 id="cr-audit-title">{__('Audit log', 'storeside')}</h2>
        <AuditLogList />
      </section>
    </>
  );
}

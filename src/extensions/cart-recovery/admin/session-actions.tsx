import { Button, SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useNotices } from '../../../admin/components/notices.js';
import type { AdminSessionDetail } from '../sessions/sessions-admin.schemas.js';
import { runSessionAction, type SessionAction } from './cart-recovery-client.js';

/**
 * A session's actions, run through the agent actions route: the same service and the same gates (agent access,
 * write / contact / destructive) as agents; a closed gate's refusal is shown as it comes.
 */
export function SessionActions(props: { session: AdminSessionDetail; onDone: (deleted: boolean) => void }) {
  const notices = useNotices();
  const { session } = props;
  const [step, setStep] = useState(String(Math.min(3, session.step_reached + 1)));
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<'expire_session' | 'delete_session' | null>(null);
  const open = session.status === 'captured' || session.status === 'abandoned';
  const pending = session.emails.some((e) => e.status === 'queued' || e.status === 'retry_queued');

  const run = async (action: SessionAction, message: string) => {
    setConfirming(null);
    setBusy(true);
    try {
      const outcome = await runSessionAction(
        session.id,
        action,
        action === 'send_email_step_now' ? Number(step) : undefined,
      );
      notices.show('success', message);
      props.onDone(outcome.deleted === true);
    } catch (error) {
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cr-panel" aria-labelledby="cr-actions-title">
      <h2 id="cr-actions-title">{__('Actions', 'storeside')}</h2>
      <div className="storeside-inline-form">
        <Button
          variant="secondary"
          disabled={busy || session.status !== 'captured'}
          accessibleWhenDisabled
          onClick={() => run('mark_abandoned_now', __('Session marked abandoned.', 'storeside'))}
        >
          {__('Mark abandoned', 'storeside')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy || !pending}
          accessibleWhenDisabled
          onClick={() => run('cancel_pending_emails', __('Pending e-mails cancelled.', 'storeside'))}
        >
          {__('Cancel pending e-mails', 'storeside')}
        </Button>
      </div>
      <div className="storeside-inline-form">
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('E-mail step', 'storeside')}
          value={step}
          options={['1', '2', '3'].map((s) => ({ value: s, label: sprintf(__('Step %s', 'storeside'), s) }))}
          onChange={setStep}
        />
        <Button
          variant="secondary"
          disabled={busy || session.status !== 'abandoned'}
          accessibleWhenDisabled
          onClick={() => run('send_email_step_now', sprintf(__('Step %s sent.', 'storeside'), step))}
        >
          {__('Send step now', 'storeside')}
        </Button>
      </div>
      <div className="storeside-inline-form">
        <Button
          variant="secondary"
          isDestructive
          disabled={busy || !open}
          accessibleWhenDisabled
          onClick={() => setConfirming('expire_session')}
        >
          {__('Expire', 'storeside')}
        </Button>
        <Button
          variant="secondary"
          isDestructive
          disabled={busy}
          onClick={() => setConfirming('delete_session')}
        >
          {__('Delete', 'storeside')}
        </Button>
      </div>
      {confirming === 'expire_session' ? (
        <ConfirmDialog
          title={__('Expire this session?', 'storeside')}
          message={__('Its pending e-mails are cancelled and its restore link stops working.', 'storeside')}
          confirmLabel={__('Expire', 'storeside')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => run('expire_session', __('Session expired.', 'storeside'))}
        />
      ) : null}
      {confirming === 'delete_session' ? (
        <ConfirmDialog
          title={__('Delete this session?', 'storeside')}
          message={__('The session, its e-mails and its history are deleted for good.', 'storeside')}
          confirmLabel={__('Delete', 'storeside')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => run('delete_session', __('Session deleted.', 'storeside'))}
        />
      ) : null}
    </section>
  );
}

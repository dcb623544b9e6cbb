import { useMutation } from '@tanstack/react-query';
import { Button, Notice, PanelBody, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { restError } from '../../../admin/api.js';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { checkStripeConnection, fetchStripeWebhookUrl, type StripeConnection } from './payments-client.js';

/**
 * Stripe's connection: the webhook URL to give Stripe (with Copy), and Check connection, which asks Stripe whether
 * the secret key in the form (the stored one while it shows its mask) works.
 */
export function StripeConnectionPanel({ secretKey }: { secretKey: string }) {
  const webhook = useApiQuery<string>(['/', 'stripe-webhook-url'], fetchStripeWebhookUrl);
  useErrorNotice(webhook.error);
  const [copied, setCopied] = useState<string | null>(null);
  const check = useMutation({ mutationFn: checkStripeConnection });

  const copy = async () => {
    if (!webhook.data) return;
    try {
      await navigator.clipboard.writeText(webhook.data);
      setCopied(__('Webhook URL copied.', 'storeside'));
    } catch {
      setCopied(__('Copying was refused: select the address and copy it yourself.', 'storeside'));
    }
  };

  return (
    <PanelBody title={__('Connection', 'storeside')} initialOpen>
      <div className="storeside-webhook-url">
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Webhook URL', 'storeside')}
          help={__(
            'Add this endpoint in the Stripe dashboard (Developers → Webhooks), then paste its signing secret above.',
            'storeside',
          )}
          value={webhook.data ?? ''}
          readOnly
          onChange={() => {}}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          variant="secondary"
          onClick={() => void copy()}
          disabled={!webhook.data}
          accessibleWhenDisabled
        >
          {__('Copy', 'storeside')}
        </Button>
      </div>
      <p role="status">{copied}</p>
      <p>
        <Button
          variant="secondary"
          onClick={() => check.mutate(secretKey)}
          isBusy={check.isPending}
          disabled={check.isPending}
          accessibleWhenDisabled
        >
          {__('Check connection', 'storeside')}
        </Button>
      </p>
      <div role="status">
        {check.data ? <ConnectionResult result={check.data} /> : null}
        {check.error ? (
          <Notice status="error" isDismissible={false}>
            {restError(check.error).message}
          </Notice>
        ) : null}
      </div>
    </PanelBody>
  );
}

// What Stripe said about the key, in a sentence.
function ConnectionResult({ result }: { result: StripeConnection }) {
  const mode = result.mode === 'live' ? __('live mode', 'storeside') : __('test mode', 'storeside');
  if (result.connected && result.account)
    return (
      <Notice status="success" isDismissible={false}>
        {sprintf(
          __('Connected: Stripe accepts the key %1$s for %2$s (%3$s), in %4$s.', 'storeside'),
          result.key,
          result.account.name || result.account.id,
          result.account.id,
          mode,
        )}
      </Notice>
    );
  return (
    <Notice status="error" isDismissible={false}>
      {sprintf(__('Not connected (%1$s): %2$s', 'storeside'), result.key, result.error?.message ?? '')}
    </Notice>
  );
}

import { Button, CheckboxControl, Modal, Notice, SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import { type CreatedToken, createToken } from './config-client.js';
import { errorMessage } from '../../../admin/components/request-error.js';

/** The token scopes with what each allows (the agent permissions' order). */
export const SCOPES: Array<[string, string]> = [
  ['read', __('Read: sessions (masked), analytics, settings, audit log', 'storeside')],
  ['write', __('Write: safe settings and the campaign', 'storeside')],
  ['contact', __('Contact: send or cancel recovery e-mails', 'storeside')],
  ['sensitive', __('Sensitive: raw addresses, carts and coupons', 'storeside')],
  ['destructive', __('Destructive: expire or delete sessions', 'storeside')],
  ['manage_tokens', __('Manage tokens', 'storeside')],
  ['manage_access', __('Manage the gates', 'storeside')],
];

/** Creates a bearer token (name, scopes, expiry), then shows it once with a copy button. */
export function TokenDialog(props: { onClose: (created: boolean) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['read']);
  const [expiry, setExpiry] = useState<'7' | '30' | '90' | '365' | 'never'>('90');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [copied, setCopied] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      setCreated(
        await createToken({
          name: name.trim(),
          scopes,
          expires_in_days: expiry === 'never' ? undefined : Number(expiry),
        }),
      );
    } catch (error) {
      setErrors(fieldErrors(error));
      setMessage(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(__('Copied.', 'storeside'));
    } catch {
      setCopied(__('Copying is blocked here: select the token and copy it yourself.', 'storeside'));
    }
  };

  if (created) {
    return (
      <Modal title={__('Token created', 'storeside')} onRequestClose={() => props.onClose(true)}>
        <p>{__('Copy the token now: it is shown only once and cannot be read again.', 'storeside')}</p>
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Bearer token', 'storeside')}
          value={created.token}
          readOnly
          onChange={() => {}}
          onFocus={(event) => event.target.select()}
        />
        <div className="storeside-inline-form">
          <Button variant="secondary" onClick={copy}>
            {__('Copy token', 'storeside')}
          </Button>
          <span aria-live="polite">{copied}</span>
          <Button variant="primary" onClick={() => props.onClose(true)}>
            {__('Done', 'storeside')}
          </Button>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={__('New agent token', 'storeside')} onRequestClose={() => props.onClose(false)}>
      <form className="storeside-form" onSubmit={submit} noValidate>
        {message ? (
          <Notice status="error" isDismissible={false}>
            {message}
          </Notice>
        ) : null}
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Token name', 'storeside')}
          value={name}
          onChange={setName}
          help={errors.name ?? __('Who or what uses it, e.g. "Support assistant".', 'storeside')}
          aria-invalid={errors.name ? true : undefined}
        />
        <fieldset>
          <legend>{__('Scopes', 'storeside')}</legend>
          {SCOPES.map(([scope, label]) => (
            <CheckboxControl
              key={scope}
              __nextHasNoMarginBottom
              label={label}
              checked={scopes.includes(scope)}
              onChange={(on) => setScopes(on ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
            />
          ))}
        </fieldset>
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Expires', 'storeside')}
          value={expiry}
          options={[
            { value: '7', label: __('In 7 days', 'storeside') },
            { value: '30', label: __('In 30 days', 'storeside') },
            { value: '90', label: __('In 90 days', 'storeside') },
            { value: '365', label: __('In a year', 'storeside') },
            { value: 'never', label: __('Never', 'storeside') },
          ]}
          onChange={setExpiry}
        />
        <div className="storeside-inline-form">
          <Button variant="tertiary" onClick={() => props.onClose(false)}>
            {__('Cancel', 'storeside')}
          </Button>
          <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy}>
            {__('Create token', 'storeside')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

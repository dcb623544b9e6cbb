import { Button, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, type Ref, type RefObject, useEffect, useRef, useState } from 'react';
import type { ApiKey, CreatedApiKey } from '../../platform/auth/auth.schemas.js';
import { fieldErrors } from '../api.js';
import { type CredentialsKind, CredentialsList } from '../components/credentials-list.js';
import { useNotices } from '../components/notices.js';
import { DateTime } from './date-time.js';
import { apiKeysPath, createApiKey, revokeApiKey } from './platform-client.js';
import { invalidFieldProps } from './user-form-errors.js';

/** The permission choices, in WooCommerce's words. */
function permissionOptions(): Array<{ value: ApiKey['permissions']; label: string }> {
  return [
    { value: 'read', label: __('Read', 'storeside') },
    { value: 'write', label: __('Write', 'storeside') },
    { value: 'read_write', label: __('Read/Write', 'storeside') },
  ];
}

/**
 * A user's WooCommerce REST API keys: generate one (description and permissions; key and secret shown once,
 * each with Copy), and the list with truncated key, permissions and last access, each revocable after a confirm.
 */
export function ApiKeysSection({ userId }: { userId: number }) {
  const notices = useNotices();
  const heading = useRef<HTMLHeadingElement>(null);
  const [description, setDescription] = useState('');
  const [permissions, setPermissions] = useState<ApiKey['permissions']>('read');
  const [descriptionError, setDescriptionError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (description.trim() === '') {
      setDescriptionError(__('Give the key a description.', 'storeside'));
      return;
    }
    setBusy(true);
    try {
      setCreated(await createApiKey(userId, { description: description.trim(), permissions }));
      setDescription('');
      setDescriptionError(undefined);
    } catch (error) {
      const message = fieldErrors(error).description;
      setDescriptionError(message);
      if (!message) notices.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="storeside-panel" aria-labelledby="storeside-api-keys-title">
      <h2 id="storeside-api-keys-title" ref={heading} tabIndex={-1}>
        {__('REST API keys', 'storeside')}
      </h2>
      <p className="storeside-muted">
        {__(
          'REST API keys let WooCommerce integrations (shipping, accounting, automation tools) use the shop API as this user, with read, write or read/write permission. They never open the admin app, and can be revoked at any time.',
          'storeside',
        )}
      </p>
      {created ? (
        <NewKey
          key={created.consumer_key}
          created={created}
          onDismiss={() => {
            setCreated(null);
            heading.current?.focus();
          }}
        />
      ) : null}
      <form className="storeside-inline-form" onSubmit={generate} noValidate>
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Description', 'storeside')}
          value={description}
          onChange={setDescription}
          maxLength={200}
          autoComplete="off"
          {...invalidFieldProps(descriptionError)}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Permissions', 'storeside')}
          value={permissions}
          options={permissionOptions()}
          onChange={(value) => setPermissions(value as ApiKey['permissions'])}
        />
        <Button __next40pxDefaultSize variant="secondary" type="submit" isBusy={busy} aria-disabled={busy}>
          {__('Generate API Key', 'storeside')}
        </Button>
      </form>
      <CredentialsList kind={apiKeysKind(userId)} returnFocus={heading} />
    </section>
  );
}

function apiKeysKind(userId: number): CredentialsKind<ApiKey> {
  const permissionLabel = (value: ApiKey['permissions']) =>
    permissionOptions().find((o) => o.value === value)?.label ?? value;
  return {
    path: apiKeysPath(userId),
    caption: __('REST API keys', 'storeside'),
    empty: __('No REST API keys yet.', 'storeside'),
    columns: [
      { label: __('Description', 'storeside'), render: (item) => item.description },
      { label: __('Truncated key', 'storeside'), render: (item) => <code>…{item.truncated_key}</code> },
      { label: __('Permissions', 'storeside'), render: (item) => permissionLabel(item.permissions) },
      {
        label: __('Last access', 'storeside'),
        render: (item) =>
          item.last_access ? <DateTime value={item.last_access} /> : __('Never', 'storeside'),
      },
    ],
    idOf: (item) => String(item.key_id),
    revokeLabel: (item) => sprintf(__('Revoke API key “%s”', 'storeside'), item.description),
    confirmTitle: __('Revoke API Key', 'storeside'),
    confirmMessage: (item) =>
      sprintf(
        __('Revoke “%s”? Integrations using it will be refused at once. This cannot be undone.', 'storeside'),
        item.description,
      ),
    revoke: (item) => revokeApiKey(userId, item.key_id),
    revokedMessage: (item) => sprintf(__('API key “%s” revoked.', 'storeside'), item.description),
  };
}

/** The new key and secret, shown once: read-only fields, each with a Copy button, and a reminder to save them. */
function NewKey(props: { created: CreatedApiKey; onDismiss: () => void }) {
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    first.current?.focus();
    first.current?.select();
  }, []);
  return (
    <div className="storeside-panel storeside-new-password">
      <p role="status">
        {__(
          'API key generated. Make sure to copy your new keys now as the secret key will be hidden once you leave this page.',
          'storeside',
        )}
      </p>
      <CopyField ref={first} label={__('Consumer key', 'storeside')} value={props.created.consumer_key} />
      <CopyField label={__('Consumer secret', 'storeside')} value={props.created.consumer_secret} />
      <div className="storeside-inline-form">
        <Button variant="tertiary" onClick={props.onDismiss}>
          {__('Dismiss', 'storeside')}
        </Button>
      </div>
    </div>
  );
}

function CopyField(props: { label: string; value: string; ref?: Ref<HTMLInputElement> }) {
  const own = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'' | 'done' | 'failed'>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopied('done');
    } catch {
      own.current?.select();
      setCopied('failed');
    }
  };
  return (
    <div className="storeside-inline-form">
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        ref={(node: HTMLInputElement | null) => {
          own.current = node;
          if (typeof props.ref === 'function') props.ref(node);
          else if (props.ref) (props.ref as RefObject<HTMLInputElement | null>).current = node;
        }}
        label={props.label}
        value={props.value}
        onChange={() => {}}
        readOnly
      />
      <Button variant="primary" onClick={copy} aria-label={sprintf(__('Copy %s', 'storeside'), props.label)}>
        {__('Copy', 'storeside')}
      </Button>
      <span role="status">
        {copied === 'done'
          ? __('Copied!', 'storeside')
          : copied === 'failed'
            ? __('Could not copy: the text is selected, copy it with your keyboard.', 'storeside')
            : ''}
      </span>
    </div>
  );
}

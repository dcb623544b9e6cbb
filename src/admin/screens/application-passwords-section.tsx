import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type CredentialsKind, CredentialsList } from '../components/credentials-list.js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ApplicationPassword } from '../../platform/auth/auth.schemas.js';
import { fieldErrors } from '../api.js';
import { useNotices } from '../components/notices.js';
import {
  createApplicationPassword,
  applicationPasswordsPath,
  revokeApplicationPassword,
} from './platform-client.js';
import { invalidFieldProps } from './user-form-errors.js';
import { DateTime } from './date-time.js';

/**
 * A user's Application Passwords: add one by name (its password shown once, with a Copy button), and the list
 * with when and from where each was last used, each revocable after a confirmation.
 */
export function ApplicationPasswordsSection({ userId }: { userId: number }) {
  const notices = useNotices();
  const heading = useRef<HTMLHeadingElement>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setNameError(__('Give the application password a name.', 'storeside'));
      return;
    }
    setBusy(true);
    try {
      const result = await createApplicationPassword(userId, name.trim());
      setCreated({ name: result.name, password: result.password });
      setName('');
      setNameError(undefined);
    } catch (error) {
      const message = fieldErrors(error).name;
      setNameError(message);
      if (!message) notices.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="storeside-panel" aria-labelledby="storeside-app-passwords-title">
      <h2 id="storeside-app-passwords-title" ref={heading} tabIndex={-1}>
        {__('Application Passwords', 'storeside')}
      </h2>
      <p className="storeside-muted">
        {__(
          'Application passwords let scripts and other applications use the REST API as this user, without their real password. They can be revoked at any time.',
          'storeside',
        )}
      </p>
      {created ? (
        <NewPassword
          key={created.password}
          {...created}
          onDismiss={() => {
            setCreated(null);
            heading.current?.focus();
          }}
        />
      ) : null}
      <form className="storeside-inline-form" onSubmit={add} noValidate>
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('New Application Password Name', 'storeside')}
          value={name}
          onChange={setName}
          maxLength={200}
          autoComplete="off"
          {...invalidFieldProps(nameError)}
        />
        <Button __next40pxDefaultSize variant="secondary" type="submit" isBusy={busy} aria-disabled={busy}>
          {__('Add New Application Password', 'storeside')}
        </Button>
      </form>
      <CredentialsList kind={applicationPasswordsKind(userId)} returnFocus={heading} />
    </section>
  );
}

function applicationPasswordsKind(userId: number): CredentialsKind<ApplicationPassword> {
  return {
    path: applicationPasswordsPath(userId),
    caption: __('Application passwords', 'storeside'),
    empty: __('No application passwords yet.', 'storeside'),
    columns: [
      { label: __('Name', 'storeside'), render: (item) => item.name },
      { label: __('Created', 'storeside'), render: (item) => <DateTime value={item.created} /> },
      {
        label: __('Last Used', 'storeside'),
        render: (item) => (item.last_used ? <DateTime value={item.last_used} /> : __('Never', 'storeside')),
      },
      { label: __('Last IP', 'storeside'), render: (item) => item.last_ip ?? '—' },
    ],
    idOf: (item) => item.uuid,
    revokeLabel: (item) => sprintf(__('Revoke “%s”', 'storeside'), item.name),
    confirmTitle: __('Revoke Application Password', 'storeside'),
    confirmMessage: (item) =>
      sprintf(
        __(
          'Revoke “%s”? Applications using it will no longer be able to sign in. This cannot be undone.',
          'storeside',
        ),
        item.name,
      ),
    revoke: (item) => revokeApplicationPassword(userId, item.uuid),
    revokedMessage: (item) => sprintf(__('Application password “%s” revoked.', 'storeside'), item.name),
  };
}

/** The new password, shown once: a read-only field to select it, a Copy button, and a reminder to save it. */
function NewPassword(props: { name: string; password: string; onDismiss: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'' | 'done' | 'failed'>('');
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.password);
      setCopied('done');
    } catch {
      field.current?.select();
      setCopied('failed');
    }
  };
  return (
    <div className="storeside-panel storeside-new-password">
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        ref={field}
        label={sprintf(__('Your new password for “%s” is:', 'storeside'), props.name)}
        value={props.password}
        onChange={() => {}}
        readOnly
        help={__(
          'Be sure to save this in a safe location. You will not be able to retrieve it.',
          'storeside',
        )}
      />
      <div className="storeside-inline-form">
        <Button variant="primary" onClick={copy}>
          {__('Copy', 'storeside')}
        </Button>
        <Button variant="tertiary" onClick={props.onDismiss}>
          {__('Dismiss', 'storeside')}
        </Button>
        <span role="status">
          {copied === 'done'
            ? __('Copied!', 'storeside')
            : copied === 'failed'
              ? __('Could not copy: the password is selected, copy it with your keyboard.', 'storeside')
              : ''}
        </span>
      </div>
    </div>
  );
}

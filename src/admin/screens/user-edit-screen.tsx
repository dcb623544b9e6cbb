import { Button, SelectControl, Spinner, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'wouter';
import type { RestUser } from '../../platform/auth/auth.schemas.js';
import { boot, userCan } from '../boot.js';
import { apiKey, FORM_SOURCE, useApiQuery, useErrorNotice, useFirstAnswer } from '../components/api-query.js';
import { useFlashNotice } from '../components/flash-notice.js';
import { useNotices } from '../components/notices.js';
import { ScreenHeader } from '../components/screen-header.js';
import { useUnsavedChangesWarning } from '../components/use-unsaved-changes.js';
import { ApiKeysSection } from './api-keys-section.js';
import { ApplicationPasswordsSection } from './application-passwords-section.js';
import { fetchUser, roleLabel, roleOptions, updateUser, userPath } from './platform-client.js';
import { invalidFieldProps, useFocusFirstInvalidField, userFieldErrors } from './user-form-errors.js';

/** Edit User: the account, a new role (for those who may promote, not on oneself) and a new password, and the user's application passwords. */
export default function UserEditScreen() {
  useFlashNotice();
  const notices = useNotices();
  const id = Number(useParams<{ id: string }>().id);
  const valid = Number.isSafeInteger(id) && id >= 1;
  const queryClient = useQueryClient();
  const loaded = useApiQuery<RestUser | null>(valid ? userPath(id) : null, () => fetchUser(id), FORM_SOURCE);
  useErrorNotice(loaded.error);
  const user = valid ? loaded.data : null;
  const [role, setRole] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useFocusFirstInvalidField(errors);
  const [busy, setBusy] = useState(false);

  // The form starts from the user as loaded (a save then sets it from the server's answer).
  useFirstAnswer(id, user ?? undefined, (found) => setRole(found.roles[0] ?? ''));

  const roleChanged = user ? role !== (user.roles[0] ?? '') : false;
  useUnsavedChangesWarning(!busy && (roleChanged || password !== ''));
  if (user === undefined) return <Spinner />;
  if (user === null)
    return (
      <>
        <ScreenHeader title={__('Edit User', 'storeside')} />
        <p>{__('Invalid user ID.', 'storeside')}</p>
      </>
    );

  const mayChangeRole = userCan('promote_users') && user.id !== boot.user.id;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const updated = await updateUser(user.id, {
        role: mayChangeRole && roleChanged ? role : undefined,
        password: password === '' ? undefined : password,
      });
      queryClient.setQueryData(apiKey(userPath(user.id)), updated);
      setRole(updated.roles[0] ?? '');
      setPassword('');
      setErrors({});
      notices.show('success', __('User updated.', 'storeside'));
    } catch (error) {
      const { byField, unplaced } = userFieldErrors(error, ['role', 'password']);
      setErrors(byField);
      if (unplaced) notices.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ScreenHeader title={__('Edit User', 'storeside')} />
      <dl className="storeside-figures">
        <div>
          <dt>{__('Username', 'storeside')}</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>{__('Name', 'storeside')}</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>{__('Email', 'storeside')}</dt>
          <dd>{user.email}</dd>
        </div>
        {mayChangeRole ? null : (
          <div>
            <dt>{__('Role', 'storeside')}</dt>
            <dd>{roleLabel(user.roles[0])}</dd>
          </div>
        )}
      </dl>
      <form className="storeside-form storeside-panel" onSubmit={submit} noValidate>
        {mayChangeRole ? (
          <SelectControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Role', 'storeside')}
            value={role}
            options={roleOptions()}
            onChange={setRole}
            {...invalidFieldProps(errors.role)}
          />
        ) : null}
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('New Password', 'storeside')}
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          {...invalidFieldProps(errors.password)}
          help={
            errors.password ??
            __('At least 8 characters. Leave empty to keep the current password.', 'storeside')
          }
        />
        <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy}>
          {__('Update User', 'storeside')}
        </Button>
      </form>
      <ApplicationPasswordsSection userId={user.id} />
      <ApiKeysSection userId={user.id} />
    </>
  );
}

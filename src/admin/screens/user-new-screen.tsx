import { Button, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { flashNotice } from '../components/flash-notice.js';
import { useNotices } from '../components/notices.js';
import { ScreenHeader } from '../components/screen-header.js';
import { createUser, roleOptions } from './platform-client.js';
import { invalidFieldProps, useFocusFirstInvalidField, userFieldErrors } from './user-form-errors.js';

/** Add New User: username, e-mail, password and role; the server's messages appear at their fields. */
export default function UserNewScreen() {
  const notices = useNotices();
  const [, navigate] = useLocation();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState('subscriber');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useFocusFirstInvalidField(errors);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const user = await createUser({ username: username.trim(), email: email.trim(), password, role });
      flashNotice('success', sprintf(__('User %s created.', 'storeside'), user.username));
      navigate(`/users/${user.id}`);
    } catch (error) {
      const { byField, unplaced } = userFieldErrors(error, ['username', 'email', 'password', 'role']);
      setErrors(byField);
      setBusy(false);
      if (unplaced) notices.showError(error);
    }
  };

  const field = (key: string) => invalidFieldProps(errors[key]);
  return (
    <>
      <ScreenHeader title={__('Add New User', 'storeside')} />
      <p>{__('Create a brand new user and add them to this site.', 'storeside')}</p>
      <form className="storeside-form" onSubmit={submit} noValidate>
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Username', 'storeside')}
          value={username}
          onChange={setUsername}
          autoComplete="off"
          required
          {...field('username')}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Email', 'storeside')}
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="off"
          required
          {...field('email')}
        />
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Password', 'storeside')}
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required
          {...field('password')}
          help={errors.password ?? __('At least 8 characters.', 'storeside')}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Role', 'storeside')}
          value={role}
          options={roleOptions()}
          onChange={setRole}
          {...field('role')}
        />
        <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy}>
          {__('Add New User', 'storeside')}
        </Button>
      </form>
    </>
  );
}

import './platform-screens.css';
import { useEffect } from 'react';
import { fieldErrors, restError } from '../api.js';

// Refusals that name a field without `data.params` (409: the username or e-mail is taken).
const CONFLICT_FIELDS: Record<string, string> = {
  existing_user_login: 'username',
  existing_user_email: 'email',
};

/**
 * The messages of a failed user create/update placed at the form's `fields` (`data.params`, `roles` shown at
 * Role, a taken username or e-mail); `unplaced` when the error names no field of the form, or others too, so
 * the caller shows it in a notice as well.
 */
export function userFieldErrors(
  error: unknown,
  fields: readonly string[],
): { byField: Record<string, string>; unplaced: boolean } {
  const body = restError(error);
  const named: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(error)))
    named[field === 'roles' || field.startsWith('roles.') ? 'role' : field] = message;
  const conflict = CONFLICT_FIELDS[body.code];
  if (conflict) named[conflict] = body.message;
  const byField = Object.fromEntries(Object.entries(named).filter(([field]) => fields.includes(field)));
  const placed = Object.keys(byField).length;
  return { byField, unplaced: placed === 0 || placed < Object.keys(named).length };
}

/** The props that show a field's error message under it and mark it invalid (none without a message). */
export function invalidFieldProps(message: string | undefined) {
  return message
    ? { help: message, 'aria-invalid': true as const, className: 'storeside-field-error' }
    : { help: undefined };
}

/** After each refusal has rendered its messages, puts the keyboard on the first field marked invalid. */
export function useFocusFirstInvalidField(errors: Record<string, string>): void {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus();
  }, [errors]);
}

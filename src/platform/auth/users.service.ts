import type { Clock } from '../clock.js';
import type { DbOrTrx } from '../db/database.js';
import { toDbTime } from '../db/sql-helpers.js';
import { ConflictError, type FieldErrors, ValidationError } from '../http/errors.js';
import { hashPassword } from '../security/hashing.js';
import type { AuthUser } from './principal.js';
import { isRole, type Role } from './roles.js';
import { endUserSessions } from './sessions.service.js';
import {
  deleteUserRow,
  findUserById,
  findUserByLogin,
  insertUser,
  updateUserRow,
} from './users.repository.js';

/** What is needed to create a user. */
export interface NewUser {
  username?: string;
  email: string;
  password: string;
  role?: Role;
  display_name?: string;
  first_name?: string;
  last_name?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[A-Za-z0-9_.@-]{1,60}$/;
/** The longest username or e-mail a user can have (WordPress: `user_login` 60, `user_email` 100 characters). */
export const MAX_LOGIN_LENGTH = 100;

/** Creates a user after validating it; a taken username or e-mail is a 409. */
export async function createUser(db: DbOrTrx, clock: Clock, input: NewUser): Promise<AuthUser> {
  const username = input.username?.trim() || deriveUsername(input.email);
  const errors: FieldErrors = {};
  const emailError = checkEmail(input.email);
  if (emailError) errors.email = emailError;
  if (!USERNAME.test(username))
    errors.username = { regex: 'Usernames may use letters, digits and _ . @ - only.' };
  if (input.password.length < 8) errors.password = { min: 'The password must be at least 8 characters.' };
  if (input.role !== undefined && !isRole(input.role)) errors.role = { in: 'Unknown role.' };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (await findUserByLogin(db, username)) {
    throw new ConflictError('existing_user_login', 'Sorry, that username already exists!');
  }
  if (await findUserByLogin(db, input.email)) {
    throw new ConflictError('existing_user_email', 'Sorry, that email address is already used!');
  }
  const id = await insertUser(db, {
    username,
    email: input.email.trim(),
    display_name:
      input.display_name?.trim() || [input.first_name, input.last_name].filter(Boolean).join(' ') || username,
    first_name: input.first_name ?? '',
    last_name: input.last_name ?? '',
    password_hash: await hashPassword(input.password),
    role: input.role ?? 'customer',
    created_at: toDbTime(clock.now()),
  });
  return (await findUserById(db, id))!;
}

/**
 * Changes a user's editable fields (role, names, e-mail, password). A new password ends the user's login
 * sessions (WordPress), all but `keepSession` (the hash of the session that made the change, if any).
 */
export async function updateUser(
  db: DbOrTrx,
  id: number,
  patch: Partial<Pick<NewUser, 'email' | 'password' | 'role' | 'display_name' | 'first_name' | 'last_name'>>,
  { keepSession }: { keepSession?: string } = {},
): Promise<AuthUser> {
  const errors: FieldErrors = {};
  const emailError = patch.email === undefined ? null : checkEmail(patch.email);
  if (emailError) errors.email = emailError;
  if (patch.password !== undefined && patch.password.length < 8)
    errors.password = { min: 'The password must be at least 8 characters.' };
  if (patch.role !== undefined && !isRole(patch.role)) errors.role = { in: 'Unknown role.' };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (patch.email !== undefined) {
    const other = await findUserByLogin(db, patch.email);
    if (other && other.id !== id)
      throw new ConflictError('existing_user_email', 'Sorry, that email address is already used!');
  }
  const { password, ...rest } = patch;
  await updateUserRow(db, id, {
    ...rest,
    ...(password !== undefined ? { password_hash: await hashPassword(password) } : {}),
  });
  if (password !== undefined) await endUserSessions(db, id, keepSession);
  return (await findUserById(db, id))!;
}

/** Deletes a user and their logins (sessions, application passwords, grants); what else they own is the caller's. */
export async function deleteUser(db: DbOrTrx, id: number): Promise<void> {
  await deleteUserRow(db, id);
}

function checkEmail(email: string): Record<string, string> | null {
  if (email.trim().length > MAX_LOGIN_LENGTH)
    return { max: `The email may not be greater than ${MAX_LOGIN_LENGTH} characters.` };
  return EMAIL.test(email) ? null : { email: 'The email must be a valid email address.' };
}

function deriveUsername(email: string): string {
  return (
    email
      .split('@')[0]!
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 50) || 'user'
  );
}

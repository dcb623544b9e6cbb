import type { Clock } from '../clock.js';
import type { DbOrTrx } from '../db/database.js';
import { toDbTime } from '../db/sql-helpers.js';
import { ConflictError, type FieldErrors, ValidationError } from '../http/errors.js';
import { hashPassword, verifyPassword } from '../security/hashing.js';
import type { AuthUser } from './principal.js';
import { isRole, type Role } from './roles.js';
import { findUserById, findUserByLogin, insertUser, updateUserRow } from './users.repository.js';

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

/** Creates a user after validating it; a taken username or e-mail is a 409. */
export async function createUser(db: DbOrTrx, clock: Clock, input: NewUser): Promise<AuthUser> {
  const username = input.username?.trim() || deriveUsername(input.email);
  const errors: FieldErrors = {};
  if (!EMAIL.test(input.email)) errors.email = { email: 'The email must be a valid email address.' };
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

/** Changes a user's editable fields (role, names, e-mail, password). */
export async function updateUser(
  db: DbOrTrx,
  id: number,
  patch: Partial<Pick<NewUser, 'email' | 'password' | 'role' | 'display_name' | 'first_name' | 'last_name'>>,
): Promise<AuthUser> {
  const errors: FieldErrors = {};
  if (patch.email !== undefined && !EMAIL.test(patch.email))
    errors.email = { email: 'The email must be a valid email address.' };
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
  return (await findUserById(db, id))!;
}

/** Checks a username-or-email and password; null when either is wrong. */
export async function verifyLogin(db: DbOrTrx, login: string, password: string): Promise<AuthUser | null> {
  const row = await findUserByLogin(db, login);
  if (!row) {
    await hashPassword(password); // same cost whether or not the user exists
    return null;
  }
  if (!(await verifyPassword(password, row.password_hash))) return null;
  const { password_hash: _, ...user } = row;
  return user as AuthUser;
}

function deriveUsername(email: string): string {
  return (
    email
      .split('@')[0]!
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 50) || 'user'
  );
}

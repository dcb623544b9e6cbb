import { __ } from '@wordpress/i18n';
import { api, withQuery } from '../api.js';
import type {
  ApiKey,
  ApplicationPassword,
  CreatedApiKey,
  RestUser,
} from '../../platform/auth/auth.schemas.js';
import type { ErasureRequestView } from '../../platform/privacy/privacy.schemas.js';

/** The built-in roles with their labels, in the order the Role selects list them. */
export function roleOptions(): Array<{ value: string; label: string }> {
  return [
    { value: 'administrator', label: __('Administrator', 'storeside') },
    { value: 'shop_manager', label: __('Shop Manager', 'storeside') },
    { value: 'customer', label: __('Customer', 'storeside') },
    { value: 'subscriber', label: __('Subscriber', 'storeside') },
  ];
}

/** A role's label, or the role itself when it is not a built-in one. */
export function roleLabel(role: string | undefined): string {
  return roleOptions().find((option) => option.value === role)?.label ?? role ?? '';
}

/** `GET /wp/v2/users` path for one page of users matching a search term and role. */
export function usersPath(
  filters: { search?: string; role?: string },
  page: number,
  perPage: number,
): string {
  return withQuery('/wp/v2/users', { search: filters.search, roles: filters.role, page, per_page: perPage });
}

/** One user by id (the list route with `include`, which answers the edit context), or null. */
export async function fetchUser(id: number): Promise<RestUser | null> {
  const users = await api<RestUser[]>({ path: userPath(id) });
  return users[0] ?? null;
}

/** The path that reads one user (a one-row `include` list, as the users screen reads them). */
export function userPath(id: number): string {
  return withQuery('/wp/v2/users', { include: id });
}

/** Creates a user with one role. */
export function createUser(input: {
  username: string;
  email: string;
  password: string;
  role: string;
}): Promise<RestUser> {
  const { role, ...rest } = input;
  return api({ path: '/wp/v2/users', method: 'POST', data: { ...rest, roles: [role] } });
}

/** Changes a user's role and/or password (only the fields given). */
export function updateUser(id: number, patch: { role?: string; password?: string }): Promise<RestUser> {
  const data: Record<string, unknown> = {};
  if (patch.role !== undefined) data.roles = [patch.role];
  if (patch.password !== undefined) data.password = patch.password;
  return api({ path: `/wp/v2/users/${id}`, method: 'POST', data });
}

/** The route of a user's application passwords. */
export function applicationPasswordsPath(userId: number): string {
  return `/wp/v2/users/${userId}/application-passwords`;
}

/** Creates an application password for a user; the answer is the only time its password is shown. */
export function createApplicationPassword(
  userId: number,
  name: string,
): Promise<ApplicationPassword & { password: string }> {
  return api({ path: `/wp/v2/users/${userId}/application-passwords`, method: 'POST', data: { name } });
}

/** Revokes one application password of a user. */
export function revokeApplicationPassword(userId: number, uuid: string): Promise<unknown> {
  return api({ path: `/wp/v2/users/${userId}/application-passwords/${uuid}`, method: 'DELETE' });
}

/** The route of a user's WooCommerce REST API keys (never the key or the secret). */
export function apiKeysPath(userId: number): string {
  return `/platform/v1/users/${userId}/api-keys`;
}

/** Creates a REST API key for a user; the answer is the only time its consumer key and secret are shown. */
export function createApiKey(
  userId: number,
  input: { description: string; permissions: ApiKey['permissions'] },
): Promise<CreatedApiKey> {
  return api({ path: `/platform/v1/users/${userId}/api-keys`, method: 'POST', data: input });
}

/** Revokes one REST API key of a user. */
export function revokeApiKey(userId: number, keyId: number): Promise<unknown> {
  return api({ path: `/platform/v1/users/${userId}/api-keys/${keyId}`, method: 'DELETE' });
}

/** The job statuses the jobs route filters by, with their labels. */
export function jobStatusOptions(): Array<{ value: string; label: string }> {
  return [
    { value: 'pending', label: __('Pending', 'storeside') },
    { value: 'running', label: __('Running', 'storeside') },
    { value: 'complete', label: __('Complete', 'storeside') },
    { value: 'failed', label: __('Failed', 'storeside') },
    { value: 'canceled', label: __('Canceled', 'storeside') },
  ];
}

/** `GET /platform/v1/jobs` path for one page of jobs of a status and hook. */
export function jobsPath(filters: { status?: string; hook?: string }, page: number, perPage: number): string {
  return withQuery('/platform/v1/jobs', { ...filters, page, per_page: perPage });
}

/** `GET /platform/v1/outbox` path for one page of stored messages to one address. */
export function outboxPath(filters: { to?: string }, page: number, perPage: number): string {
  return withQuery('/platform/v1/outbox', { ...filters, page, per_page: perPage });
}

/** One stored message. */
export function outboxMessagePath(id: number): string {
  return `/platform/v1/outbox/${id}`;
}

/** `GET /platform/v1/privacy/erasure-requests` path for one page of erasure requests. */
export function erasureRequestsPath(page: number, perPage: number): string {
  return withQuery('/platform/v1/privacy/erasure-requests', { page, per_page: perPage });
}

/** Adds an erasure request for a username or e-mail, e-mailing the confirmation link when asked. */
export function addErasureRequest(input: {
  username_or_email: string;
  send_confirmation_email: boolean;
}): Promise<ErasureRequestView> {
  return api({ path: '/platform/v1/privacy/erasure-requests', method: 'POST', data: input });
}

/** Runs every eraser for a confirmed request; answers it completed, with each eraser's messages. */
export function eraseRequest(id: number): Promise<ErasureRequestView> {
  return api({ path: `/platform/v1/privacy/erasure-requests/${id}/erase`, method: 'POST' });
}

import { createHash } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { AuthUser } from '../../platform/auth/principal.js';
import { toIsoNoZone } from '../../platform/db/sql-helpers.js';
import type { CustomerResponse } from './customers.schemas.js';
import type { CustomerOrderSummary, SavedAddresses } from './customers.repository.js';

const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
  'country',
] as const;

/** Every field of a billing address (`email`, `phone` included), empty. */
export const EMPTY_BILLING: Record<string, string> = Object.fromEntries(
  [...ADDRESS_FIELDS, 'email', 'phone'].map((f) => [f, '']),
);
/** Every field of a shipping address (`phone` included), empty. */
export const EMPTY_SHIPPING: Record<string, string> = Object.fromEntries(
  [...ADDRESS_FIELDS, 'phone'].map((f) => [f, '']),
);

/**
 * A user in `wc/v3/customers` shape; billing is their saved billing address, else their latest order's, else
 * their profile's names and e-mail; shipping is their saved shipping address, else empty.
 */
export function customerView(
  user: AuthUser,
  summary: CustomerOrderSummary | undefined,
  saved: SavedAddresses | undefined,
  money: (minor: number) => string,
): Static<typeof CustomerResponse> {
  const created = toIsoNoZone(user.created_at) ?? '';
  if (saved)
    return {
      ...customerView(user, summary, undefined, money),
      billing: fill(EMPTY_BILLING, saved.billing) as never,
      shipping: fill(EMPTY_SHIPPING, saved.shipping) as never,
    };
  const fromOrder = summary?.billing ?? {};
  const pick = (field: string, fallback = '') => String(fromOrder[field] ?? fallback);
  const address = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, pick(f)])) as Record<
    (typeof ADDRESS_FIELDS)[number],
    string
  >;
  const hash = createHash('md5').update(user.email.trim().toLowerCase()).digest('hex');
  return {
    id: user.id,
    date_created: created,
    date_created_gmt: created,
    date_modified: created,
    date_modified_gmt: created,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    username: user.username,
    billing: {
      ...address,
      first_name: pick('first_name', user.first_name),
      last_name: pick('last_name', user.last_name),
      email: pick('email', user.email),
      phone: pick('phone'),
    },
    shipping: Object.assign(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])), { phone: '' }) as Static<
      typeof CustomerResponse
    >['shipping'],
    is_paying_customer: summary?.isPaying ?? false,
    orders_count: summary?.ordersCount ?? 0,
    total_spent: money(summary?.spent ?? 0),
    avatar_url: `https://secure.gravatar.com/avatar/${hash}?s=96&d=mm&r=g`,
    meta_data: [],
  };
}

function fill(empty: Record<string, string>, given: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(empty).map((f) => [f, String(given[f] ?? '')]));
}

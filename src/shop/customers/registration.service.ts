import type { AuthUser } from '../../platform/auth/principal.js';
import { findUserByLogin } from '../../platform/auth/users.repository.js';
import { createUser } from '../../platform/auth/users.service.js';
import { ForbiddenError, RateLimitedError } from '../../platform/http/errors.js';
import type { ShopContext } from '../shop-part.js';
import { type SavedAddresses, saveAddresses } from './customers.repository.js';

/** Option: customers may register themselves (`POST /auth/v1/register`); default true. */
export const REGISTRATION_OPTION = 'shop_registration_enabled';
/** Cookie carrying a referral code (set by the loyalty extension's referral links). */
export const REFERRAL_COOKIE = 'storeside_ref';

const REGISTRATIONS_PER_IP = 10;
const REGISTRATION_WINDOW_SECONDS = 60 * 60;

/**
 * Registers a `customer`: refused when registration is off (403) or the IP registered too often (429);
 * creates the user and emits `customer.registered` in one transaction, so a subscriber's throw undoes the account.
 */
export async function registerCustomer(
  ctx: ShopContext,
  input: { username?: string; email: string; password: string; referralCode: string | null; ip: string },
): Promise<AuthUser> {
  if (!(await ctx.options.get<boolean>(REGISTRATION_OPTION, true)))
    throw new ForbiddenError('registration_disabled', 'Customer registration is turned off for this shop.');
  const limit = await ctx.rateLimiter.hit(
    `register:${input.ip}`,
    REGISTRATIONS_PER_IP,
    REGISTRATION_WINDOW_SECONDS,
  );
  if (!limit.allowed)
    throw new RateLimitedError(
      limit.retryAfterSeconds,
      'too_many_registrations',
      'Too many registrations from this address. Try again later.',
    );
  return createCustomerAccount(ctx, {
    ...input,
    username: input.username?.trim() || (await freeUsername(ctx, input.email)),
  });
}

/** A free username derived from an e-mail (WooCommerce numbers it until it is free). */
export async function freeUsername(ctx: ShopContext, email: string): Promise<string | undefined> {
  const base = email
    .split('@')[0]
    ?.replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 50);
  if (!base) return undefined;
  for (let n = 1; n <= 50; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await findUserByLogin(ctx.db, candidate))) return candidate;
  }
  return `${base}${Date.now().toString(36)}`;
}

/** Creates a `customer` and emits `customer.registered` in one transaction (registration, demo data). */
export async function createCustomerAccount(
  ctx: ShopContext,
  input: {
    username?: string;
    email: string;
    password: string;
    first_name?: string;
    last_name?: string;
    referralCode: string | null;
    /** Addresses to save with the account (`wc/v3/customers`). */
    addresses?: SavedAddresses;
  },
): Promise<AuthUser> {
  return ctx.db.transaction().execute(async (trx) => {
    const user = await createUser(trx, ctx.clock, {
      username: input.username,
      email: input.email.trim(),
      password: input.password,
      first_name: input.first_name,
      last_name: input.last_name,
      role: 'customer',
    });
    if (input.addresses) await saveAddresses(trx, user.id, input.addresses);
    await ctx.events.emit('customer.registered', { user, referralCode: input.referralCode }, trx);
    return user;
  });
}

/** A usable referral code from the body or the cookie (trimmed; anything else than `[A-Za-z0-9_-]{1,64}` is dropped). */
export function referralCode(fromBody: string | undefined, fromCookie: string | undefined): string | null {
  for (const candidate of [fromBody, fromCookie]) {
    const code = candidate?.trim() ?? '';
    if (/^[A-Za-z0-9_-]{1,64}$/.test(code)) return code;
  }
  return null;
}

import { randomBytes } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { AuthUser, Principal } from '../../platform/auth/principal.js';
import { assertCanEditUser, sessionKeptOnPasswordChange } from '../../platform/auth/user-edit-policy.js';
import { findUserById } from '../../platform/auth/users.repository.js';
import { deleteUser, updateUser } from '../../platform/auth/users.service.js';
import { ConflictError, invalid, NotFoundError, RestError } from '../../platform/http/errors.js';
import type { ShopContext } from '../shop-part.js';
import { customerViews } from './customer-search.service.js';
import { EMPTY_BILLING, EMPTY_SHIPPING } from './customer-view.js';
import { releaseCustomerData, saveAddresses } from './customers.repository.js';
import type { CustomerCreateBody, CustomerResponse, CustomerWriteBody } from './customers.schemas.js';
import { createCustomerAccount, freeUsername } from './registration.service.js';
import { normaliseAddress } from '../addresses/address-validation.js';

type CustomerRecord = Static<typeof CustomerResponse>;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A customer as `wc/v3/customers` shows it, or 404 `woocommerce_rest_invalid_id`. */
export async function requireCustomer(ctx: ShopContext, id: number): Promise<CustomerRecord> {
  return (await loadCustomer(ctx, id)).record;
}

async function loadCustomer(
  ctx: ShopContext,
  id: number,
): Promise<{ user: AuthUser; record: CustomerRecord }> {
  const user = id > 0 ? await findUserById(ctx.db, id) : null;
  if (!user) throw new NotFoundError('woocommerce_rest_invalid_id', 'Invalid resource ID.');
  return { user, record: (await customerViews(ctx, [user]))[0]! };
}

/**
 * Creates a `customer` (`POST /wc/v3/customers`): a username derived from the e-mail when none is given, a random
 * password when none is given, the addresses saved with the account, `customer.registered` emitted.
 */
export async function createShopCustomer(
  ctx: ShopContext,
  input: Static<typeof CustomerCreateBody>,
): Promise<CustomerRecord> {
  checkBillingEmail(input.billing?.email);
  const user = await createCustomerAccount(ctx, {
    username: input.username?.trim() || (await freeUsername(ctx, input.email)),
    email: input.email,
    password: input.password || randomBytes(18).toString('base64url'),
    first_name: input.first_name,
    last_name: input.last_name,
    referralCode: null,
    addresses:
      input.billing || input.shipping
        ? {
            billing: normaliseAddress({ ...EMPTY_BILLING, ...input.billing }),
            shipping: normaliseAddress({ ...EMPTY_SHIPPING, ...input.shipping }),
          }
        : undefined,
  }).catch(asWooCommerceConflict);
  return (await customerViews(ctx, [user]))[0]!;
}

/**
 * Changes a customer (`PUT /wc/v3/customers/{id}`): names, e-mail, password, and the given fields of their billing
 * and shipping addresses. A shop manager may change customers only; the username cannot change (400).
 */
export async function changeShopCustomer(
  ctx: ShopContext,
  change: { actor: Principal; id: number; patch: Static<typeof CustomerWriteBody> },
): Promise<CustomerRecord> {
  const { actor, id, patch } = change;
  const { user: target, record: current } = await loadCustomer(ctx, id);
  assertCanEditUser(actor, target);
  if (patch.username !== undefined && patch.username !== current.username)
    throw new RestError('woocommerce_rest_customer_invalid_argument', "Username isn't editable.", 400, {
      params: { username: "Username isn't editable." },
    });
  checkBillingEmail(patch.billing?.email);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateUser(
      trx,
      id,
      {
        ...(patch.email !== undefined ? { email: patch.email } : {}),
        ...(patch.password !== undefined ? { password: patch.password } : {}),
        ...(patch.first_name !== undefined ? { first_name: patch.first_name } : {}),
        ...(patch.last_name !== undefined ? { last_name: patch.last_name } : {}),
      },
      { keepSession: sessionKeptOnPasswordChange(actor, id) },
    );
    if (patch.billing || patch.shipping)
      await saveAddresses(trx, id, {
        billing: normaliseAddress({ ...current.billing, ...patch.billing }),
        shipping: normaliseAddress({ ...current.shipping, ...patch.shipping }),
      });
    return updated;
  });
  return (await customerViews(ctx, [user]))[0]!;
}

/**
 * Deletes a customer for good (`DELETE /wc/v3/customers/{id}?force=true`): without `force` 501 (customers have no
 * trash, as WooCommerce); their orders go to `reassign` or become guest orders; `user.deleted` fires in the same
 * transaction. Answers the record as it was.
 */
export async function deleteShopCustomer(
  ctx: ShopContext,
  removal: { actor: Principal; id: number; force: boolean; reassign?: number },
): Promise<CustomerRecord> {
  const { actor, id, reassign } = removal;
  const { user: target, record: current } = await loadCustomer(ctx, id);
  if (!removal.force)
    throw new RestError('woocommerce_rest_trash_not_supported', 'Customers do not support trashing.', 501);
  assertCanEditUser(actor, target);
  if (reassign !== undefined && (reassign === id || !(await findUserById(ctx.db, reassign))))
    throw invalid('reassign', 'exists', 'Invalid user ID for reassignment.');
  await ctx.db.transaction().execute(async (trx) => {
    await releaseCustomerData(trx, id, reassign ?? 0);
    await deleteUser(trx, id);
    await ctx.events.emit('user.deleted', { user: target, reassignedTo: reassign ?? null }, trx);
  });
  return current;
}

// WooCommerce answers a taken e-mail or username on customer creation with 400 `registration-error-*-exists`.
function asWooCommerceConflict(error: unknown): never {
  if (error instanceof ConflictError && error.code === 'existing_user_email')
    throw new RestError(
      'registration-error-email-exists',
      'An account is already registered with that email address.',
      400,
      { params: { email: error.message } },
    );
  if (error instanceof ConflictError && error.code === 'existing_user_login')
    throw new RestError(
      'registration-error-username-exists',
      'An account is already registered with that username.',
      400,
      { params: { username: error.message } },
    );
  throw error;
}

function checkBillingEmail(email: string | undefined): void {
  if (email && !EMAIL.test(email))
    throw invalid('billing.email', 'email', 'The billing email must be a valid email address.');
}

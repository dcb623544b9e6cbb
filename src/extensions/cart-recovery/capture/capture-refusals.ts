import { RestError } from '../../../platform/http/errors.js';

/** 400 `cartrecovery_suppressed`: the address unsubscribed and must never be captured again. */
export function suppressedAddress(): RestError {
  return new RestError('cartrecovery_suppressed', 'This address asked not to receive cart reminders.', 400);
}

/** 400 `cartrecovery_empty_cart`: nothing the catalogue can sell is left in the cart to save. */
export function emptyCart(): RestError {
  return new RestError('cartrecovery_empty_cart', 'There is no cart to save: add items first.', 400);
}

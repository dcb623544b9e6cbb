import { type FieldErrors, ValidationError } from '../../platform/http/errors.js';
import { checkAddress } from '../addresses/address-validation.js';
import type { BillingAddress, ShippingAddress } from '../orders/address-fields.js';
import { completeShipping } from '../orders/order-records.js';
import { readStoreSettings, sellingCountries, shippingCountries } from '../settings/store-settings.js';
import type { ShopContext } from '../shop-part.js';

/** How checkout names address fields in its errors: the Store API's `billing_address.country`, the page's `billing_country`. */
export type AddressFieldStyle = 'store-api' | 'form';

/**
 * The checkout's billing and shipping addresses checked against the store's selling and shipping locations and
 * normalised (codes for countries and states, formatted postcodes); 400 naming every wrong field otherwise. With
 * no shipping address, the order ships to the billing address (as WooCommerce's "Ship to a different address?"
 * left unticked) once that has a country.
 */
export async function checkoutAddresses(
  ctx: ShopContext,
  input: { billing: BillingAddress; shipping?: Partial<ShippingAddress>; style: AddressFieldStyle },
): Promise<{ billing: BillingAddress; shipping: ShippingAddress }> {
  const settings = await readStoreSettings(ctx.options);
  const form = input.style === 'form';
  const billing = checkAddress(input.billing, {
    field: form ? 'billing' : 'billing_address',
    separator: form ? '_' : '.',
    allowedCountries: sellingCountries(settings),
    notAllowed: (country) => `Sorry, we do not allow orders from the provided country (${country}).`,
    requireCountry: form,
  });
  const given =
    input.shipping && Object.values(input.shipping).some((v) => typeof v === 'string' && v.trim() !== '');
  const { email: _email, ...billingAsShipping } = billing.address;
  const shipping = checkAddress(
    given ? completeShipping(input.shipping ?? {}) : completeShipping(billingAsShipping),
    {
      field: form ? 'shipping' : 'shipping_address',
      separator: form ? '_' : '.',
      allowedCountries: shippingCountries(settings),
      notAllowed: (country) => `Sorry, we do not ship orders to the provided country (${country}).`,
      requireCountry: form && Boolean(given),
    },
  );
  // Shipping to the billing address: its faults are already named on the billing fields.
  const errors: FieldErrors = {
    ...(given ? shipping.errors : shippingOnly(shipping.errors, form)),
    ...billing.errors,
  };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    billing: billing.address,
    shipping: billing.address.country === '' && !given ? completeShipping({}) : shipping.address,
  };
}

// The one fault that the billing address does not show when it is also the shipping address: a country the store
// sells to but does not ship to.
function shippingOnly(errors: FieldErrors, form: boolean): FieldErrors {
  const field = form ? 'shipping_country' : 'shipping_address.country';
  const country = errors[field];
  return country?.in ? { [form ? 'billing_country' : 'billing_address.country']: country } : {};
}

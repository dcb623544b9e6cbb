import type { FieldErrors } from '../../platform/http/errors.js';
import { countryCodeOf, countryName, isCountryCode } from './countries.js';
import { formatPostcode, isPhone, isPostcode } from './postcodes.js';
import { hasStateList, stateCodeOf, statesOf } from './states.js';

/** The address fields the checks read; every other field passes through unchanged. */
export interface AddressFields {
  country?: string;
  state?: string;
  postcode?: string;
  phone?: string;
}

/** How an address is checked at checkout. */
export interface AddressRules {
  /** Field name prefix in errors: `billing_address` (Store API), `billing` (the page's `billing_country` …). */
  field: string;
  /** The countries allowed here (selling countries for billing, shipping countries for shipping). */
  allowedCountries: readonly string[];
  /** The sentence for a known country that is not allowed. */
  notAllowed: (country: string) => string;
  /** True when a missing country is an error (the checkout page); the Store API accepts an address without one. */
  requireCountry: boolean;
  /** How the field names join the prefix: `.` (`billing_address.country`) or `_` (`billing_country`). */
  separator: '.' | '_';
}

/**
 * Checks and normalises an address as WooCommerce's checkout does: the country an ISO code (a known name is turned
 * into its code) the store allows; the state one of the country's states where it lists them (a state's name is
 * turned into its code); the postcode formatted and valid for the country (WC_Validation); the phone made of phone
 * characters. Answers the normalised address and the errors by field (none when valid).
 */
export function checkAddress<T extends AddressFields>(
  address: T,
  rules: AddressRules,
): { address: T; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = (field: string) => `${rules.field}${rules.separator}${field}`;
  const out: T = { ...address, ...normaliseAddress(address) };
  const country = out.country ?? '';
  if (country === '') {
    if (rules.requireCountry) errors[name('country')] = { required: 'Country / Region is required.' };
  } else if (!isCountryCode(country)) {
    errors[name('country')] = { country: `"${address.country}" is not a valid country code.` };
  } else if (!rules.allowedCountries.includes(country)) {
    errors[name('country')] = { in: rules.notAllowed(countryName(country)) };
  } else {
    const state = out.state ?? '';
    if (hasStateList(country) && state === '')
      errors[name('state')] = { required: `State / County is required for ${countryName(country)}.` };
    else if (hasStateList(country) && !statesOf(country).some((s) => s.code === state))
      errors[name('state')] = {
        in: `"${address.state}" is not a state of ${countryName(country)}; use one of its state codes.`,
      };
    const postcode = formatPostcode(out.postcode ?? '', country);
    out.postcode = postcode;
    if (postcode !== '' && !isPostcode(postcode, country))
      errors[name('postcode')] = {
        postcode: `Please enter a valid postcode / ZIP for ${countryName(country)}.`,
      };
  }
  if (out.phone && !isPhone(out.phone))
    errors[name('phone')] = { phone: 'Please enter a valid phone number.' };
  return { address: out, errors };
}

/**
 * What `wc/v3` orders and customers do to an address (WooCommerce does not validate there): a country written as a
 * known name or in lower case becomes its code, and a state written as its name becomes its code; the rest stays.
 */
export function normaliseAddress<T extends AddressFields>(address: T): T {
  const out = { ...address };
  if (out.country !== undefined) out.country = countryCodeOf(out.country) ?? out.country.trim();
  if (out.state !== undefined && out.country)
    out.state = stateCodeOf(out.country, out.state) ?? out.state.trim();
  return out;
}

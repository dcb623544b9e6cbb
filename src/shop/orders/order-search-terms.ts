/** Longest stored search term (longer words are cut; a query word is cut the same way). */
export const MAX_TERM_LENGTH = 64;
const MIN_PHONE_DIGITS = 3;
const MAX_QUERY_WORDS = 5;
const WORD_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'postcode',
] as const;

/**
 * The search terms of an order (`GET /wc/v3/orders?search=`): the words of the billing and shipping names,
 * companies and address lines, of the billing e-mail and of the line items' names (lower-case, accents folded),
 * the whole billing e-mail, and every tail of at least three digits of the billing and shipping phones (so a
 * phone matches on any part of its digits). A query word matches a term it begins.
 */
export function orderSearchTerms(order: {
  billing: Readonly<Record<(typeof WORD_FIELDS)[number] | 'email' | 'phone', string>>;
  shipping: Readonly<Record<(typeof WORD_FIELDS)[number] | 'phone', string>>;
  itemNames: readonly string[];
}): string[] {
  const { billing, shipping } = order;
  const texts = [
    ...WORD_FIELDS.flatMap((field) => [billing[field], shipping[field]]),
    billing.email,
    ...order.itemNames,
  ];
  const terms = new Set(texts.flatMap(words));
  const email = billing.email.trim().toLowerCase();
  if (email) terms.add(email.slice(0, MAX_TERM_LENGTH));
  for (const phone of [billing.phone, shipping.phone]) for (const tail of digitTails(phone)) terms.add(tail);
  return [...terms];
}

/**
 * The terms a search asks for, each to be matched as the beginning of one of an order's terms: an e-mail (or its
 * beginning) as one term, a phone number as its digits, anything else word by word (at most five words).
 */
export function searchQueryTerms(query: string): string[] {
  const text = query.trim().toLowerCase();
  if (text.includes('@')) return [text.slice(0, MAX_TERM_LENGTH)];
  const digits = text.replace(/\D/g, '');
  if (/^[+\d\s().-]+$/.test(text) && digits.length >= MIN_PHONE_DIGITS) return [digits.slice(0, 15)];
  return words(text).slice(0, MAX_QUERY_WORDS);
}

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, MAX_TERM_LENGTH));
}

function digitTails(phone: string): string[] {
  const digits = phone.replace(/\D/g, '').slice(-15);
  const tails: string[] = [];
  for (let start = 0; start <= digits.length - MIN_PHONE_DIGITS; start++) tails.push(digits.slice(start));
  return tails;
}

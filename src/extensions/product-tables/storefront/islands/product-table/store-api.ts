import { storageGet, storageSet } from './dom.js';

const TOKEN_KEY = 'producttables_cart_token';

/** A Store API answer: its status was 2xx, and its JSON body (null when it had none). */
export interface StoreAnswer<T = unknown> {
  ok: boolean;
  body: T | null;
}

/** A Store API cart, as far as the table reads it. */
export interface StoreCart {
  items?: Array<{ id: number; quantity: number }>;
}

/** A cart line as the page's cart data and the badges read it: `[key, {productId, variationId, quantity}]`. */
export type CartLine = [string, { productId: number; variationId: number; quantity: number }];

/**
 * POSTs JSON to the Store API with the stored `Cart-Token` (guests, after their first add) and the page's
 * `Nonce` (cookie-carried carts of logged-in visitors); keeps the token and nonce the answer sends back.
 */
export async function storeRequest<T>(
  endpoint: { storeApi: string; nonce: string },
  path: string,
  body: unknown,
): Promise<StoreAnswer<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = storageGet('localStorage', TOKEN_KEY);
  if (token) headers['Cart-Token'] = token;
  if (endpoint.nonce) headers.Nonce = endpoint.nonce;
  const r = await fetch(endpoint.storeApi + path, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify(body),
  });
  const fresh = r.headers.get('Cart-Token');
  if (fresh) storageSet('localStorage', TOKEN_KEY, fresh);
  else if (r.status === 401 && token) storageSet('localStorage', TOKEN_KEY, null);
  const nonce = r.headers.get('Nonce');
  if (nonce) endpoint.nonce = nonce;
  return r.json().then(
    (b: T) => ({ ok: r.ok, body: b }),
    () => ({ ok: r.ok, body: null }),
  );
}

/** The lines of a Store API cart (its lines carry the product or variation id as `id`). */
export function cartLines(cart: StoreCart): CartLine[] {
  return (cart.items || []).map((i) => [
    String(i.id),
    { productId: i.id, variationId: 0, quantity: i.quantity },
  ]);
}

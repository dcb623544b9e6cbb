// The checkout's order review follows the address as it is entered, as WooCommerce's "update order review" does:
// a change to where the order goes (country, state, city, postcode, or "Ship to a different address?") is sent to
// the Store API (`cart/update-customer`), a chosen rate to `cart/select-shipping-rate`, and the shipping options and
// totals are then re-read from the server-rendered checkout, so the shopper sees the rates and tax before ordering.
// Without this script the same happens when the order is placed (a rate the address does not offer is asked again).

const STORE_API = '/wp-json/wc/store/v1';
const DESTINATION = /^(billing|shipping)_(country|state|city|postcode)$/;
const root = document.documentElement;
const form = document.querySelector<HTMLFormElement>('form.checkout');
const review = document.querySelector<HTMLElement>('section[aria-labelledby="order-review-heading"]');
const status = document.getElementById('order-review-status');
let timer: ReturnType<typeof setTimeout> | undefined;
let latest = 0;

form?.addEventListener('change', (event) => {
  const field = event.target;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
  if (field.name === 'shipping_method') {
    void update('cart/select-shipping-rate', { package_id: 0, rate_id: field.value });
    return;
  }
  if (!DESTINATION.test(field.name) && field.name !== 'ship_to_different_address') return;
  // Only the address the order ships to moves the rates and the tax.
  if (field.name.startsWith('shipping_') && !shipsElsewhere()) return;
  clearTimeout(timer);
  timer = setTimeout(() => void update('cart/update-customer', { shipping_address: destination() }), 250);
});

function shipsElsewhere(): boolean {
  const toggle = document.getElementById('ship_to_different_address');
  return toggle instanceof HTMLInputElement && toggle.checked;
}

/** The address the order ships to, as the Store API names its fields. */
function destination(): Record<string, string> {
  const prefix = shipsElsewhere() ? 'shipping' : 'billing';
  const value = (name: string) =>
    (form?.elements.namedItem(`${prefix}_${name}`) as HTMLInputElement | null)?.value.trim() ?? '';
  return {
    country: value('country'),
    state: value('state'),
    city: value('city'),
    postcode: value('postcode'),
    address_1: value('address_1'),
  };
}

/** Sends one change to the Store API, then re-reads the review; a refused change leaves the page as it was. */
async function update(path: string, body: object): Promise<void> {
  if (!review) return;
  const call = ++latest;
  review.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(`${STORE_API}/${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Nonce: root.dataset.storeNonce ?? '',
      },
      body: JSON.stringify(body),
    });
    const nonce = response.headers.get('Nonce');
    if (nonce) root.dataset.storeNonce = nonce;
    if (!response.ok) return;
    const page = await fetch('/checkout/', { credentials: 'same-origin', headers: { Accept: 'text/html' } });
    if (!page.ok || call !== latest) return;
    const fresh = new DOMParser().parseFromString(await page.text(), 'text/html');
    replace('tfoot', fresh);
    replace('.shipping-options', fresh);
    if (status) status.textContent = 'Shipping options and totals updated.';
  } catch {
    // The page still works by posts: placing the order recomputes everything.
  } finally {
    if (call === latest) review.removeAttribute('aria-busy');
  }
}

/** Swaps the review's `selector` part for the freshly rendered one (or removes it when the new page has none). */
function replace(selector: string, fresh: Document): void {
  const current = review?.querySelector(selector);
  const found = fresh.querySelector(`section[aria-labelledby="order-review-heading"] ${selector}`);
  const next = found ? document.importNode(found, true) : null;
  // A keyboard user choosing a rate with the arrow keys keeps the focus on the same option.
  const focused = current?.contains(document.activeElement) ? document.activeElement?.id : undefined;
  if (current && next) current.replaceWith(next);
  else if (current) current.remove();
  else if (next) review?.querySelector('table')?.after(next);
  if (focused) document.getElementById(focused)?.focus();
}

// A module, so its top-level names stay its own beside the other islands.
export {};

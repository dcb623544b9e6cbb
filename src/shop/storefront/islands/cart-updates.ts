// In-place cart updates: the add-to-cart forms of the product grid and the product page add through the Store API
// (cookie cart + `Nonce` header, so the server-rendered cart shows the same lines), then the header's cart count
// and a notice change in place. Any failure falls back to the form's normal post. Other scripts that add to the
// cart (the product table's) announce it with an `added_to_cart` event, which updates the count too.

const STORE_API = '/wp-json/wc/store/v1';
const root = document.documentElement;

interface StoreCart {
  items_count: number;
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.querySelector('input[name="add-to-cart"]')) return;
  // A grouped product's form adds several products: it posts as WooCommerce's does.
  if (form.querySelector('input[name^="quantity["]')) return;
  event.preventDefault();
  const submitter = (event as SubmitEvent).submitter;
  void addInPlace(form, submitter instanceof HTMLButtonElement ? submitter : null);
});

document.addEventListener('added_to_cart', (event) => {
  const cart = (event as CustomEvent<{ cart?: StoreCart }>).detail?.cart;
  if (cart) showCount(cart.items_count);
});

/** Adds the form's product through the Store API; on any failure, posts the form as if there were no script. */
async function addInPlace(form: HTMLFormElement, button: HTMLButtonElement | null): Promise<void> {
  const data = new FormData(form);
  const variation = [...data]
    .filter(([name, value]) => name.startsWith('attribute_') && value !== '')
    .map(([name, value]) => ({ attribute: name.slice('attribute_'.length), value: String(value) }));
  const body = {
    id: Number(data.get('add-to-cart')),
    quantity: Number(data.get('quantity') ?? '1'),
    variation,
  };
  if (button) button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(`${STORE_API}/cart/add-item`, {
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
    if (!response.ok) throw new Error(`add-item answered ${response.status}`);
    const cart = (await response.json()) as StoreCart;
    showCount(cart.items_count);
    showAdded(form.dataset.productName ?? 'The product');
  } catch {
    form.submit();
    return;
  } finally {
    if (button) button.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

function showCount(count: number): void {
  for (const element of document.querySelectorAll('[data-cart-count]')) element.textContent = String(count);
}

/** Replaces the notices this script showed before with "“Name” has been added to your cart. View cart". */
function showAdded(name: string): void {
  const area = document.querySelector('.notices');
  if (!area) return;
  for (const old of area.querySelectorAll('[data-cart-notice]')) old.remove();
  const notice = document.createElement('div');
  notice.className = 'notice success';
  notice.dataset.cartNotice = '';
  const link = document.createElement('a');
  link.href = '/cart/';
  link.textContent = 'View cart';
  notice.append(`“${name}” has been added to your cart. `, link);
  area.append(notice);
}

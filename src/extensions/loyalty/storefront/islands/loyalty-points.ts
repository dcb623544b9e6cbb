// The checkout's points widget: Apply points / Remove points go to the Store API's `cart/extensions` route (namespace
// `loyalty`) with the page's Nonce, then the widget and the order's totals change in place. A refusal shows at the
// widget; any other failure posts the checkout form to the widget's page route, as without this script.

export {}; // a module: its names stay its own

interface Money {
  totals: { total?: string; total_discount?: string };
}
interface StoreCart {
  coupons: Array<{ code: string } & Money>;
  fees: Array<{ name: string } & Money>;
  totals: {
    total_items: string;
    total_items_tax?: string;
    total_shipping?: string | null;
    total_tax?: string;
    tax_lines?: Array<{ name: string; price: string }>;
    total_price: string;
  };
  extensions: {
    loyalty?: {
      balance: number | null;
      points_to_earn: number;
      redemption: { points: number; discount_value: number } | null;
      redeem_min_points: number;
      redeem_max_points: number;
    };
  };
}
interface RestError {
  message?: string;
  data?: { params?: Record<string, string> };
}

const root = document.documentElement;
const minorUnit = Number(root.dataset.currencyMinorUnit ?? '2');
const symbol = root.dataset.currencySymbol ?? '';
const count = new Intl.NumberFormat('en-US');
const widget = document.querySelector<HTMLElement>('[data-loyalty-points]');

if (widget) {
  const input = widget.querySelector<HTMLInputElement>('input[name="loyalty_points"]');
  widget.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[name="loyalty_action"]');
    if (!button) return;
    event.preventDefault();
    void update(widget, button);
  });
  // Enter in the points field applies them (the form's own Enter would place the order).
  input?.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const apply = widget.querySelector<HTMLButtonElement>('button[value="apply"]');
    if (apply) void update(widget, apply);
  });
}

/** Sends the button's action; shows the new state, a refusal at the widget, or falls back to the form post. */
async function update(widget: HTMLElement, button: HTMLButtonElement): Promise<void> {
  const action = button.value;
  const input = widget.querySelector<HTMLInputElement>('input[name="loyalty_points"]');
  const points = Number(input?.value ?? '');
  if (action === 'apply' && (!Number.isInteger(points) || points < 1)) {
    showError(widget, 'Enter a whole number of points.', input);
    return;
  }
  button.disabled = true;
  widget.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch('/wp-json/wc/store/v1/cart/extensions', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Nonce: root.dataset.storeNonce ?? '',
      },
      body: JSON.stringify({
        namespace: 'loyalty',
        data: action === 'apply' ? { action, points } : { action },
      }),
    });
    const nonce = response.headers.get('Nonce');
    if (nonce) root.dataset.storeNonce = nonce;
    if (response.status === 400) {
      const error = (await response.json()) as RestError;
      showError(
        widget,
        error.data?.params?.points ?? error.data?.params?.action ?? error.message ?? '',
        input,
      );
      return;
    }
    if (!response.ok) throw new Error(`cart/extensions answered ${response.status}`);
    const cart = (await response.json()) as StoreCart;
    showCart(widget, cart);
    const visible = widget.querySelector<HTMLButtonElement>(
      action === 'apply' ? 'button[value="remove"]' : 'button[value="apply"]',
    );
    visible?.focus();
  } catch {
    button.form?.requestSubmit(button);
  } finally {
    button.disabled = false;
    widget.removeAttribute('aria-busy');
  }
}

/** Shows the cart's redemption in the widget, the earn notice's points, and the order's totals rows. */
function showCart(widget: HTMLElement, cart: StoreCart): void {
  const loyalty = cart.extensions.loyalty;
  if (!loyalty) return;
  clearError(widget);
  const applyBlock = widget.querySelector<HTMLElement>('[data-loyalty-apply]');
  const appliedBlock = widget.querySelector<HTMLElement>('[data-loyalty-applied]');
  const applied = loyalty.redemption;
  if (applyBlock) applyBlock.hidden = applied !== null;
  if (appliedBlock) appliedBlock.hidden = applied === null;
  const appliedText = widget.querySelector('[data-loyalty-applied-text]');
  if (appliedText && applied)
    appliedText.textContent = `${count.format(applied.points)} points applied: −${money(Math.round(applied.discount_value * 10 ** minorUnit))} off this order.`;
  const input = widget.querySelector<HTMLInputElement>('input[name="loyalty_points"]');
  const max = loyalty.redeem_max_points;
  const min = Math.max(1, loyalty.redeem_min_points);
  if (input) {
    input.max = String(max);
    if (applied === null) input.value = String(max);
  }
  const limits = widget.querySelector('[data-loyalty-limits]');
  if (limits)
    limits.textContent = `Use between ${count.format(min)} and ${count.format(max)} points on this order.`;
  const earn = document.querySelector('[data-loyalty-earn]');
  if (earn && loyalty.balance !== null)
    earn.textContent = `Complete this order to earn ${count.format(loyalty.points_to_earn)} points!`;
  showTotals(widget, cart);
}

/**
 * Rewrites the rows of the order's totals from the Store API cart as the shop's page shows them: Subtotal, coupons,
 * fees, Shipping, the tax rows (or, with prices shown with tax, the tax in the subtotal and "(includes …)" after
 * the total; the widget's `data-tax-display`), Total.
 */
function showTotals(widget: HTMLElement, cart: StoreCart): void {
  const total = document.querySelector('[data-cart-total]');
  const section = total?.closest('tfoot, tbody');
  if (!total || !section) return;
  const display = widget.dataset.taxDisplay;
  const amount = (value: string | null | undefined) => Number(value ?? 0);
  const taxLines =
    widget.dataset.taxItemized === '1'
      ? (cart.totals.tax_lines ?? []).map((l) => ({ label: l.name, amount: amount(l.price) }))
      : [{ label: 'Tax', amount: amount(cart.totals.total_tax) }];
  const subtotal =
    amount(cart.totals.total_items) + (display === 'incl' ? amount(cart.totals.total_items_tax) : 0);
  const shipping = amount(cart.totals.total_shipping);
  const row = (label: string, amount: string, strong = false): HTMLTableRowElement => {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = label;
    const td = document.createElement('td');
    td.className = 'num';
    if (strong) {
      const value = document.createElement('strong');
      value.dataset.cartTotal = '';
      value.textContent = amount;
      td.append(value);
    } else td.textContent = amount;
    tr.append(th, td);
    return tr;
  };
  const totalRow = row('Total', money(amount(cart.totals.total_price)), true);
  if (display === 'incl' && amount(cart.totals.total_tax) > 0) {
    const note = document.createElement('small');
    note.className = 'includes-tax';
    note.textContent = `(includes ${taxLines.map((l) => `${money(l.amount)} ${l.label}`).join(', ')})`;
    totalRow.querySelector('td')?.append(' ', note);
  }
  section.replaceChildren(
    row('Subtotal', money(subtotal)),
    ...cart.coupons.map((c) => row(`Coupon: ${c.code}`, `−${money(amount(c.totals.total_discount))}`)),
    ...cart.fees.map((f) => row(f.name, money(amount(f.totals.total)))),
    ...(shipping > 0 ? [row('Shipping', money(shipping))] : []),
    ...(display === 'excl' ? taxLines.map((l) => row(l.label, money(l.amount))) : []),
    totalRow,
  );
}

function showError(widget: HTMLElement, message: string, input: HTMLInputElement | null): void {
  const area = widget.querySelector<HTMLElement>('[data-loyalty-error]');
  if (!area) return;
  area.id = 'loyalty-points-error';
  area.textContent = message || 'Your points could not be changed.';
  area.hidden = false;
  area.setAttribute('role', 'alert');
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', 'loyalty-points-limits loyalty-points-error');
    input.focus();
  }
}

function clearError(widget: HTMLElement): void {
  const area = widget.querySelector<HTMLElement>('[data-loyalty-error]');
  if (area) {
    area.hidden = true;
    area.textContent = '';
  }
  const input = widget.querySelector<HTMLInputElement>('input[name="loyalty_points"]');
  input?.removeAttribute('aria-invalid');
  input?.setAttribute('aria-describedby', 'loyalty-points-limits');
}

/** `-500` → "$-5.00": the symbol before the shop's `formatMoney`, as the server-rendered rows show it. */
function money(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  return `${symbol}${sign}${(Math.abs(minor) / 10 ** minorUnit).toFixed(minorUnit)}`;
}

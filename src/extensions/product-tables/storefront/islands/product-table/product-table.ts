import { decorateQuantities, fromMinor, parseJson, q, qa, storageGet, storageSet, toMinor } from './dom.js';
import { type Selected, selectedItem } from './selected-item.js';
import { type CartLine, cartLines, type StoreCart, storeRequest } from './store-api.js';
import { matchingVariation, type Variation } from './variations.js';

/** What the render endpoint answers: the rows and the pagination, or an error. */
interface RenderAnswer {
  html: string;
  pagination: string;
  message?: string;
}

/** One add-to-cart call of the Store API. */
interface CartItem {
  id: number;
  quantity: number;
  variation?: Array<{ attribute: string | null; value: string }>;
}

/** One table on the page: its controls, its rows (reloaded through the render endpoint) and its cart actions. */
export class ProductTable {
  readonly el: HTMLElement;
  readonly id: string | null;
  readonly renderUrl: string | null;
  readonly storeApi: string;
  nonce: string;
  readonly pageUrl: string;
  readonly features: { variationBadges?: boolean };
  readonly currency: { symbol: string; decimals: number };
  readonly addText: string;
  readonly selectionKey: string;
  selection: Record<string, Selected>;
  timer: ReturnType<typeof setTimeout> | undefined;
  request = 0;
  lines: CartLine[] | undefined;
  readonly state: {
    s: string;
    product_cat: string[];
    product_tag: string;
    product_type: string;
    paged: number;
  };

  constructor(wrapper: HTMLElement) {
    this.el = wrapper;
    this.id = wrapper.getAttribute('data-table-id');
    this.renderUrl = wrapper.getAttribute('data-render-url');
    this.storeApi = String(wrapper.getAttribute('data-store-api'));
    this.nonce = wrapper.getAttribute('data-store-nonce') || '';
    this.pageUrl = wrapper.getAttribute('data-page-url') || window.location.pathname;
    this.features = parseJson(wrapper.getAttribute('data-features'), {});
    this.currency = parseJson(wrapper.getAttribute('data-currency'), { symbol: '', decimals: 2 });
    this.addText = wrapper.getAttribute('data-add-text') || 'Add to Cart';
    this.selectionKey = `producttables_selections_${this.id}`;
    this.selection = parseJson(storageGet('sessionStorage', this.selectionKey), {}) || {};
    const nav = q(wrapper, '.producttables-pagination');
    const fieldValue = (selector: string) => q<HTMLInputElement>(wrapper, selector)?.value ?? '';
    this.state = {
      s: fieldValue('.producttables-search-input'),
      product_cat: [],
      product_tag: fieldValue('.producttables-filter-tag'),
      product_type: fieldValue('.producttables-filter-type'),
      paged: nav ? parseInt(String(nav.getAttribute('data-current')), 10) || 1 : 1,
    };
    this.state.product_cat = this.checkedCategories();
    wrapper.classList.add('producttables-js');
    this.bind();
    decorateQuantities(wrapper);
    this.syncSelection();
    const cartData = q(wrapper, '.producttables-cart-data');
    this.showBadges(parseJson(cartData ? cartData.getAttribute('data-cart') : '[]', []));
  }

  private checkedCategories(): string[] {
    return [...qa(this.el, '.producttables-filter-cats input:checked')].map((box) => box.value);
  }

  private bind(): void {
    const el = this.el;
    const form = q(el, '.producttables-controls');
    if (form)
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        clearTimeout(this.timer);
        const input = q<HTMLInputElement>(el, '.producttables-search-input');
        if (input) this.state.s = input.value;
        this.firstPage();
      });
    el.addEventListener('input', (e) => {
      const target = e.target as HTMLInputElement;
      if (target.classList.contains('producttables-search-input')) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => {
          this.state.s = target.value;
          this.firstPage();
        }, 400);
      }
    });
    el.addEventListener('change', (e) => this.changed(e.target as HTMLInputElement));
    el.addEventListener('click', (e) => {
      const t = (e.target as Element).closest<HTMLElement>('button, a');
      if (t && el.contains(t)) this.clicked(t, e);
    });
  }

  private firstPage(): void {
    this.state.paged = 1;
    this.load(false);
  }

  private changed(t: HTMLInputElement): void {
    const classes = t.classList;
    if (t.name === 'product_cat') {
      this.state.product_cat = this.checkedCategories();
      this.updateCategorySummary();
      this.firstPage();
    } else if (classes.contains('producttables-filter-type')) {
      this.state.product_type = t.value;
      this.firstPage();
    } else if (classes.contains('producttables-attr')) {
      this.pickVariation(t.closest<HTMLElement>('.producttables-cart')!);
    } else if (classes.contains('producttables-grouped-select')) {
      this.pickGrouped(t.closest<HTMLElement>('.producttables-cart')!);
    } else if (classes.contains('producttables-select')) {
      this.toggle(t);
    } else if (classes.contains('producttables-select-all')) {
      for (const box of qa(this.el, '.producttables-select:not(:disabled)')) {
        box.checked = t.checked;
        this.toggle(box);
      }
    }
  }

  private clicked(t: HTMLElement, e: Event): void {
    const el = this.el;
    const classes = t.classList;
    if (t.matches('.producttables-pagination a')) {
      e.preventDefault();
      this.state.paged = parseInt(String(t.getAttribute('data-page')), 10) || 1;
      this.load(classes.contains('producttables-load-more'));
    } else if (classes.contains('producttables-search-clear')) {
      q<HTMLInputElement>(el, '.producttables-search-input')!.value = '';
      this.state.s = '';
      this.firstPage();
    } else if (classes.contains('producttables-filter-clear')) {
      for (const box of qa(el, '.producttables-filter-cats input')) box.checked = false;
      const type = q<HTMLSelectElement>(el, '.producttables-filter-type');
      if (type) type.value = '';
      const tag = q<HTMLInputElement>(el, '.producttables-filter-tag');
      if (tag) tag.value = '';
      Object.assign(this.state, { product_cat: [], product_tag: '', product_type: '', paged: 1 });
      this.updateCategorySummary();
      this.load(false);
    } else if (classes.contains('producttables-qty-up') || classes.contains('producttables-qty-down')) {
      const qty = q<HTMLInputElement>(t.parentNode as ParentNode, '.producttables-qty-input')!;
      const max = qty.max ? parseInt(qty.max, 10) : Infinity;
      const next = (parseInt(qty.value, 10) || 1) + (classes.contains('producttables-qty-up') ? 1 : -1);
      qty.value = String(Math.max(1, Math.min(max, next)));
    } else if (classes.contains('producttables-add')) {
      void this.addFromCell(t.closest<HTMLElement>('.producttables-cart')!);
    } else if (classes.contains('producttables-bulk-add') || classes.contains('producttables-panel-add')) {
      this.addSelection();
    } else if (classes.contains('producttables-selection-clear')) {
      this.clearSelection();
    } else if (classes.contains('producttables-panel-toggle')) {
      const panel = q(el, '.producttables-selected-panel');
      if (panel) {
        panel.hidden = !panel.hidden;
        t.setAttribute('aria-expanded', String(!panel.hidden));
      }
    } else if (classes.contains('producttables-lightbox-open')) {
      const thumb = q(t, 'img');
      if (thumb) this.openLightbox(thumb.getAttribute('src'));
    } else if (classes.contains('producttables-lightbox-close')) {
      q<HTMLDialogElement>(el, '.producttables-lightbox')!.close();
    } else if (classes.contains('producttables-lightbox-full')) {
      const box = q(el, '.producttables-lightbox')!;
      if (typeof box.requestFullscreen === 'function') void box.requestFullscreen();
    }
  }

  private updateCategorySummary(): void {
    const summary = q(this.el, '.producttables-filter-cats summary');
    const chosen = this.state.product_cat.length;
    if (summary) summary.textContent = chosen ? `${chosen} selected` : 'All Categories';
  }

  /** The visitor's search, filters and page as query parameters. */
  private query(): URLSearchParams {
    const p = new URLSearchParams();
    if (this.state.s) p.set('s', this.state.s);
    if (this.state.product_cat.length) p.set('product_cat', this.state.product_cat.join(','));
    if (this.state.product_tag) p.set('product_tag', this.state.product_tag);
    if (this.state.product_type) p.set('product_type', this.state.product_type);
    if (this.state.paged > 1) p.set('paged', String(this.state.paged));
    return p;
  }

  /** Replaces (or with `append`, extends) the rows and the pagination from the render endpoint. */
  private async load(append: boolean): Promise<void> {
    const id = ++this.request;
    const params = this.query();
    params.set('page_url', this.pageUrl);
    this.el.classList.add('is-loading');
    try {
      const r = await fetch(`${this.renderUrl}?${params.toString()}`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      const body = (await r.json()) as RenderAnswer | null;
      if (id !== this.request) return;
      if (!r.ok) throw new Error(body?.message ? body.message : 'Could not load products.');
      const tbody = q(this.el, '.producttables-table tbody')!;
      if (append) tbody.insertAdjacentHTML('beforeend', body!.html);
      else tbody.innerHTML = body!.html;
      for (const slot of qa<HTMLElement>(this.el, '.producttables-pagination-slot'))
        if (slot.getAttribute('data-enabled') === '1') slot.innerHTML = body!.pagination;
      const visible = this.query().toString();
      if (window.history?.replaceState && !append)
        window.history.replaceState(null, '', window.location.pathname + (visible ? `?${visible}` : ''));
      decorateQuantities(this.el);
      this.syncSelection();
      this.showBadges(this.lines || []);
      this.notice('');
    } catch (err) {
      if (id === this.request) this.notice((err as Error).message, true);
    }
    if (id === this.request) this.el.classList.remove('is-loading');
  }

  private pickVariation(cell: HTMLElement): void {
    const chosen: Record<string, string> = {};
    let complete = true;
    for (const select of qa<HTMLSelectElement>(cell, '.producttables-attr')) {
      chosen[String(select.getAttribute('data-attribute')).toLowerCase()] = select.value;
      if (!select.value) complete = false;
    }
    const variations = parseJson<Variation[]>(cell.getAttribute('data-product-variations'), []);
    const match = complete ? matchingVariation(variations, chosen) : null;
    const usable = !!match?.in_stock;
    q<HTMLInputElement>(cell, '.producttables-variation-id')!.value = usable ? String(match.id) : '';
    q(cell, '.producttables-variation-price')!.textContent = match
      ? match.in_stock
        ? match.price
        : 'Out of stock'
      : '';
    this.enableCell(cell, usable, usable ? match.max : null);
  }

  private pickGrouped(cell: HTMLElement): void {
    const select = q<HTMLSelectElement>(cell, '.producttables-grouped-select')!;
    const option = select.options[select.selectedIndex];
    const price = option?.getAttribute('data-price');
    q(cell, '.producttables-variation-price')!.textContent = price ? this.currency.symbol + price : '';
    this.enableCell(cell, select.value !== '', null);
  }

  private enableCell(cell: HTMLElement, enabled: boolean, max: number | null): void {
    for (const control of qa(cell, '.producttables-qty button, .producttables-qty-input, .producttables-add'))
      control.disabled = !enabled;
    const qty = q<HTMLInputElement>(cell, '.producttables-qty-input');
    if (qty) {
      if (max) qty.max = String(max);
      else qty.removeAttribute('max');
    }
  }

  private async addFromCell(cell: HTMLElement): Promise<void> {
    const qtyInput = q<HTMLInputElement>(cell, '.producttables-qty-input');
    const quantity = Math.max(1, parseInt(qtyInput ? qtyInput.value : '1', 10) || 1);
    const items: CartItem[] = [];
    const grouped = q<HTMLSelectElement>(cell, '.producttables-grouped-select');
    if (grouped) {
      if (grouped.value === 'all') {
        for (const option of grouped.options)
          if (/^\d+$/.test(option.value)) items.push({ id: parseInt(option.value, 10), quantity });
      } else if (grouped.value) items.push({ id: parseInt(grouped.value, 10), quantity });
    } else {
      const variation = q<HTMLInputElement>(cell, '.producttables-variation-id');
      const item: CartItem = { id: parseInt(String(cell.getAttribute('data-product-id')), 10), quantity };
      if (variation) {
        if (!variation.value) return;
        item.id = parseInt(variation.value, 10);
        item.variation = [...qa<HTMLSelectElement>(cell, '.producttables-attr')].map((select) => ({
          attribute: select.getAttribute('data-attribute'),
          value: select.value,
        }));
      }
      items.push(item);
    }
    await this.addItems(items, cell.getAttribute('data-product-id'));
  }

  /** Adds the items one after the other; true when every add succeeded. */
  private async addItems(items: CartItem[], productId: string | null): Promise<boolean> {
    let added = 0;
    let cart: StoreCart | null = null;
    let error: string | null = null;
    try {
      for (const item of items) {
        const res = await storeRequest<StoreCart & { message?: string }>(this, '/cart/add-item', item);
        if (res.ok) {
          added += item.quantity;
          cart = res.body;
        } else error = res.body?.message || 'Could not add to cart.';
      }
      if (error) this.notice(error, true);
      else this.notice(`${added} item(s) added to your cart.`);
      if (cart) {
        this.showBadges(cartLines(cart));
        document.body.dispatchEvent(
          new CustomEvent('added_to_cart', { bubbles: true, detail: { tableId: this.id, productId, cart } }),
        );
      }
      return !error;
    } catch {
      this.notice('Could not reach the cart. Please try again.', true);
      return false;
    }
  }

  /** The "✓ n in cart" badges of the rows whose product (or one of its variations) is in the cart. */
  private showBadges(lines: CartLine[]): void {
    this.lines = lines;
    if (!this.features.variationBadges) return;
    const totals: Record<string, number> = {};
    for (const [, line] of lines) {
      const key = line.variationId || line.productId;
      totals[key] = (totals[key] || 0) + line.quantity;
    }
    for (const row of qa<HTMLElement>(this.el, 'tbody tr[data-product-id]')) {
      q(row, '.producttables-added')?.remove();
      let n = totals[String(row.getAttribute('data-product-id'))] || 0;
      const cell = q(row, '[data-product-variations]');
      if (cell)
        for (const v of parseJson<Variation[]>(cell.getAttribute('data-product-variations'), []))
          n += totals[v.id] || 0;
      const button = q(row, '.producttables-add');
      if (n && button) {
        const badge = document.createElement('span');
        badge.className = 'producttables-added';
        badge.textContent = `\u2713 ${n} in cart`;
        button.parentNode!.appendChild(badge);
      }
    }
  }

  private toggle(box: HTMLInputElement): void {
    if (box.checked) {
      const row = box.closest('tr');
      const qty = row && q<HTMLInputElement>(row, '.producttables-qty-input');
      const nameEl = row && q(row, '.producttables-name');
      const img = row && q(row, 'img');
      this.selection[box.value] = {
        name: nameEl ? String(nameEl.textContent) : box.value,
        price: box.getAttribute('data-price'),
        image: img ? img.getAttribute('src') : '',
        quantity: qty ? Math.max(1, parseInt(qty.value, 10) || 1) : 1,
      };
    } else delete this.selection[box.value];
    this.saveSelection();
  }

  private saveSelection(): void {
    const any = Object.keys(this.selection).length > 0;
    storageSet('sessionStorage', this.selectionKey, any ? JSON.stringify(this.selection) : null);
    this.syncSelection();
  }

  private clearSelection(): void {
    this.selection = {};
    for (const box of qa(this.el, '.producttables-select, .producttables-select-all')) box.checked = false;
    this.saveSelection();
  }

  /** The checkboxes, the bulk button's running total, the counter and the selected-items panel. */
  private syncSelection(): void {
    const ids = Object.keys(this.selection);
    const { symbol, decimals } = this.currency;
    let count = 0;
    let total = 0;
    for (const box of qa(this.el, '.producttables-select')) box.checked = !!this.selection[box.value];
    for (const id of ids) {
      const it = this.selection[id]!;
      count += it.quantity;
      total += toMinor(it.price, decimals) * it.quantity;
    }
    const label = q(this.el, '.producttables-bulk-label');
    if (label)
      label.textContent = count
        ? `Add ${count} item(s) for ${symbol}${fromMinor(total, decimals)}`
        : this.addText;
    const bulk = q<HTMLButtonElement>(this.el, '.producttables-bulk-add');
    if (bulk) bulk.disabled = count === 0;
    const counter = q(this.el, '.producttables-selected-count');
    if (counter) counter.textContent = String(ids.length);
    const clear = q(this.el, '.producttables-selection-clear');
    if (clear) clear.hidden = ids.length === 0;
    const list = q(this.el, '.producttables-selected-list');
    if (!list) return;
    while (list.firstChild) list.removeChild(list.firstChild);
    for (const id of ids)
      list.appendChild(
        selectedItem(this.selection[id]!, symbol, () => {
          delete this.selection[id];
          this.saveSelection();
        }),
      );
  }

  private addSelection(): void {
    const items = Object.keys(this.selection).map((id) => ({
      id: parseInt(id, 10),
      quantity: this.selection[id]!.quantity,
    }));
    if (!items.length) return;
    void this.addItems(items, null).then((ok) => {
      if (ok) setTimeout(() => this.clearSelection(), 2000);
    });
  }

  private openLightbox(src: string | null): void {
    const box = q<HTMLDialogElement>(this.el, '.producttables-lightbox');
    if (!box || !src) return;
    q<HTMLImageElement>(box, '.producttables-lightbox-img')!.src = src;
    if (typeof box.showModal === 'function') box.showModal();
    else box.setAttribute('open', '');
    box.addEventListener(
      'click',
      (e) => {
        if (e.target === box) box.close();
      },
      { once: true },
    );
  }

  private notice(text: string, isError = false): void {
    const n = q(this.el, '.producttables-notice');
    if (!n) return;
    n.textContent = text;
    n.classList.toggle('is-error', isError);
  }
}

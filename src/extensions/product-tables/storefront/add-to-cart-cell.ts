import type { ShopApi, ShopProduct } from '../../../shop/shop-api.js';
import { html, type SafeHtml, safeUrl } from '../../../platform/http/html.js';

/** What the add-to-cart cell needs besides the product. */
export interface CartCellContext {
  shop: Pick<ShopApi, 'formatMoney' | 'currency'>;
  addToCartText: string;
  showQuantity: boolean;
  /** Children of grouped products shown on this page, by id (loaded once per render). */
  children: ReadonlyMap<number, ShopProduct>;
}

/** The add-to-cart controls of one product (reference §3.4): simple, variable, grouped, external, out of stock. */
export function addToCartCell(product: ShopProduct, cx: CartCellContext): SafeHtml | '' {
  const id = product.id;
  if (product.type === 'external') {
    const text = product.button_text || 'Buy product';
    if (!product.external_url) return '';
    return html`<a class="producttables-btn producttables-external" href="${safeUrl(product.external_url)}" target="_blank" rel="noopener noreferrer">${text}</a>`;
  }
  if (product.type === 'grouped') return groupedCell(product, cx);
  if (product.stock_status === 'outofstock') return outOfStock();
  if (product.type === 'variable') return variableCell(product, cx);
  if (!product.purchasable)
    return html`<a class="producttables-btn producttables-read-more" href="${safeUrl(product.permalink)}">Read more</a>`;
  return html`<div class="producttables-cart" data-product-id="${id}">${quantity(product, cx)}<button type="button" class="producttables-btn producttables-add" data-product-id="${id}">${cx.addToCartText}</button></div>`;
}

/** True when the row's bulk-selection checkbox may be ticked (in stock, purchasable, simple). */
export function isBulkSelectable(product: ShopProduct): boolean {
  return product.type === 'simple' && product.purchasable && product.stock_status !== 'outofstock';
}

/** The largest quantity one may add, or null for no limit. */
export function maxQuantity(product: {
  manage_stock?: boolean;
  stock_quantity: number | null;
  backorders?: string;
}): number | null {
  return product.manage_stock !== false && product.backorders === 'no' && product.stock_quantity !== null
    ? Math.max(1, product.stock_quantity)
    : null;
}

function variableCell(product: ShopProduct, cx: CartCellContext): SafeHtml {
  const variations = product.variations.map((v) => ({
    id: v.id,
    attributes: v.attributes,
    price: `${cx.shop.currency.symbol}${cx.shop.formatMoney(v.price)}`,
    in_stock: v.stock_status !== 'outofstock',
    max: v.stock_quantity !== null && product.backorders === 'no' ? Math.max(1, v.stock_quantity) : null,
  }));
  if (!variations.some((v) => v.in_stock)) return outOfStock();
  const selects = product.attributes
    .filter((a) => a.variation)
    .map(
      (a) =>
        html`<select class="producttables-attr" data-attribute="${a.name}" aria-label="${a.name}"><option value="">${a.name}</option>${a.options.map(
          (o) => html`<option value="${o}">${o}</option>`,
        )}</select>`,
    );
  return html`<div class="producttables-cart producttables-cart-variable" data-product-id="${product.id}" data-product-variations="${JSON.stringify(variations)}">${selects}<input type="hidden" class="producttables-variation-id" value=""><span class="producttables-variation-price" aria-live="polite"></span>${quantity(product, cx, true)}<button type="button" class="producttables-btn producttables-add" data-product-id="${product.id}" disabled>${cx.addToCartText}</button></div>`;
}

function groupedCell(product: ShopProduct, cx: CartCellContext): SafeHtml {
  const children = product.grouped_products
    .map((id) => cx.children.get(id))
    .filter((c): c is ShopProduct => c !== undefined);
  if (children.length === 0)
    return html`<a class="producttables-btn producttables-view-options" href="${safeUrl(product.permalink)}">View Options</a>`;
  const buyable = children.filter(
    (c) => c.type === 'simple' && c.purchasable && c.stock_status !== 'outofstock',
  );
  if (buyable.length === 0) return outOfStock();
  const options = buyable.map(
    (c) =>
      html`<option value="${c.id}" data-price="${cx.shop.formatMoney(c.price)}">${c.name} – ${cx.shop.currency.symbol}${cx.shop.formatMoney(c.price)}</option>`,
  );
  const all = buyable.length > 1 ? html`<option value="all">Select All</option>` : '';
  return html`<div class="producttables-cart producttables-cart-grouped" data-product-id="${product.id}"><select class="producttables-grouped-select" aria-label="${`Choose a product of ${product.name}`}"><option value="">Select a product...</option>${all}${options}</select><span class="producttables-variation-price" aria-live="polite"></span>${quantity(product, cx, true)}<button type="button" class="producttables-btn producttables-add" data-product-id="${product.id}" disabled>${cx.addToCartText}</button></div>`;
}

/** The quantity field (the script adds its ▲/▼ buttons, so rows stay small and work without it). */
function quantity(product: ShopProduct, cx: CartCellContext, disabled = false): SafeHtml | '' {
  if (!cx.showQuantity) return '';
  const max = product.type === 'simple' ? maxQuantity(product) : null;
  return html`<span class="producttables-qty"><input type="number" class="producttables-qty-input" value="1" min="1" step="1"${max !== null ? html` max="${max}"` : ''} inputmode="numeric" aria-label="Quantity"${disabled ? ' disabled' : ''}></span>`;
}

function outOfStock(): SafeHtml {
  return OUT_OF_STOCK;
}

const OUT_OF_STOCK = html`<button type="button" class="producttables-btn producttables-out-of-stock" disabled>Out of Stock</button>`;

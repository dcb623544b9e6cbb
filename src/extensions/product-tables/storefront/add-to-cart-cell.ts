import type { ShopApi, ShopProduct } from '../../../shop/shop-api.js';
import { esc, escJsonAttr, escUrl } from './escape.js';

/** What the add-to-cart cell needs besides the product. */
export interface CartCellContext {
  shop: Pick<ShopApi, 'formatMoney' | 'currency'>;
  addToCartText: string;
  showQuantity: boolean;
  /** Children of grouped products shown on this page, by id (loaded once per render). */
  children: ReadonlyMap<number, ShopProduct>;
}

/** The add-to-cart controls of one product (reference §3.4): simple, variable, grouped, external, out of stock. */
export function addToCartCell(product: ShopProduct, cx: CartCellContext): string {
  const id = product.id;
  if (product.type === 'external') {
    const text = product.button_text || 'Buy product';
    if (!product.external_url) return '';
    return `<a class="producttables-btn producttables-external" href="${escUrl(product.external_url)}" target="_blank" rel="noopener noreferrer">${esc(text)}</a>`;
  }
  if (product.type === 'grouped') return groupedCell(product, cx);
  if (product.stock_status === 'outofstock') return outOfStock();
  if (product.type === 'variable') return variableCell(product, cx);
  if (!product.purchasable)
    return `<a class="producttables-btn producttables-read-more" href="${escUrl(product.permalink)}">Read more</a>`;
  return `<div class="producttables-cart" data-product-id="${id}">${quantity(product, cx)}<button type="button" class="producttables-btn producttables-add" data-product-id="${id}">${esc(cx.addToCartText)}</button></div>`;
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

function variableCell(product: ShopProduct, cx: CartCellContext): string {
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
        `<select class="producttables-attr" data-attribute="${esc(a.name)}" aria-label="${esc(a.name)}"><option value="">${esc(a.name)}</option>${a.options
          .map((o) => `<option value="${esc(o)}">${esc(o)}</option>`)
          .join('')}</select>`,
    )
    .join('');
  return `<div class="producttables-cart producttables-cart-variable" data-product-id="${product.id}" data-product-variations="${escJsonAttr(variations)}">${selects}<input type="hidden" class="producttables-variation-id" value=""><span class="producttables-variation-price" aria-live="polite"></span>${quantity(product, cx, true)}<button type="button" class="producttables-btn producttables-add" data-product-id="${product.id}" disabled>${esc(cx.addToCartText)}</button></div>`;
}

function groupedCell(product: ShopProduct, cx: CartCellContext): string {
  const children = product.grouped_products
    .map((id) => cx.children.get(id))
    .filter((c): c is ShopProduct => c !== undefined);
  if (children.length === 0)
    return `<a class="producttables-btn producttables-view-options" href="${escUrl(product.permalink)}">View Options</a>`;
  const buyable = children.filter(
    (c) => c.type === 'simple' && c.purchasable && c.stock_status !== 'outofstock',
  );
  if (buyable.length === 0) return outOfStock();
  const options = buyable
    .map(
      (c) =>
        `<option value="${c.id}" data-price="${esc(cx.shop.formatMoney(c.price))}">${esc(c.name)} – ${esc(cx.shop.currency.symbol)}${esc(cx.shop.formatMoney(c.price))}</option>`,
    )
    .join('');
  const all = buyable.length > 1 ? `<option value="all">Select All</option>` : '';
  return `<div class="producttables-cart producttables-cart-grouped" data-product-id="${product.id}"><select class="producttables-grouped-select" aria-label="${esc(`Choose a product of ${product.name}`)}"><option value="">Select a product...</option>${all}${options}</select><span class="producttables-variation-price" aria-live="polite"></span>${quantity(product, cx, true)}<button type="button" class="producttables-btn producttables-add" data-product-id="${product.id}" disabled>${esc(cx.addToCartText)}</button></div>`;
}

/** The quantity field (the script adds its ▲/▼ buttons, so rows stay small and work without it). */
function quantity(product: ShopProduct, cx: CartCellContext, disabled = false): string {
  if (!cx.showQuantity) return '';
  const max = product.type === 'simple' ? maxQuantity(product) : null;
  return `<span class="producttables-qty"><input type="number" class="producttables-qty-input" value="1" min="1" step="1"${max !== null ? ` max="${max}"` : ''} inputmode="numeric" aria-label="Quantity"${disabled ? ' disabled' : ''}></span>`;
}

function outOfStock(): string {
  return '<button type="button" class="producttables-btn producttables-out-of-stock" disabled>Out of Stock</button>';
}

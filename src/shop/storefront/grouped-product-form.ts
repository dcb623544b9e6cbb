import { html, type SafeHtml } from '../../platform/http/html.js';
import type { ShopApi, ShopProduct } from '../shop-api.js';
import { MAX_QUANTITY } from './cart-forms.js';
import { priceMarkup, productButtonLink } from './product-card.js';
import { stockText } from './stock-text.js';

/**
 * A grouped product's form (WooCommerce's `grouped_form`): each child with its price, stock and a quantity (0 by
 * default), or its own button when it cannot be bought here (options to choose, out of stock, sold elsewhere); one
 * Add to cart posts `quantity[<child id>]` and `add-to-cart=<group id>`, adding every child with a quantity above 0.
 */
export function groupedProductForm(shop: ShopApi, group: ShopProduct, children: ShopProduct[]): SafeHtml {
  if (children.length === 0) return html`<p>This group has no products yet.</p>`;
  const buyable = (child: ShopProduct) =>
    child.type === 'simple' && child.purchasable && child.stock_status !== 'outofstock';
  return html`<form class="cart grouped-form" method="post" action="/cart/">
<input type="hidden" name="add-to-cart" value="${group.id}">
<table class="shop-table grouped-products">
<caption class="screen-reader-text">Products in ${group.name}</caption>
<thead><tr><th scope="col">Product</th><th scope="col" class="num">Price</th><th scope="col">Quantity</th></tr></thead>
<tbody>
${children.map(
  (child) => html`<tr>
<th scope="row"><a href="/product/${child.slug}/">${child.name}</a></th>
<td class="num">${priceMarkup(shop, child)}<br><span class="stock">${stockText(child)}</span></td>
<td class="quantity">${
    buyable(child)
      ? html`<label class="screen-reader-text" for="quantity-${child.id}">Quantity of ${child.name}</label><input type="number" id="quantity-${child.id}" name="quantity[${child.id}]" value="0" min="0" max="${MAX_QUANTITY}" step="1" inputmode="numeric">`
      : productButtonLink(child)
  }</td>
</tr>`,
)}
</tbody>
</table>
${children.some(buyable) ? html`<button type="submit" name="add" value="1">Add to cart</button>` : ''}
</form>`;
}

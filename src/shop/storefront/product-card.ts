import { html, type SafeHtml, safeUrl, trustedHtml } from '../../platform/http/html.js';
import { addToCartDescription, addToCartText } from '../catalog/add-to-cart-text.js';
import type { ShopApi, ShopProduct } from '../shop-api.js';

/** The product's price as WooCommerce's `price_html` (built by the shop from numbers and the escaped symbol). */
export function priceMarkup(shop: ShopApi, product: ShopProduct): SafeHtml {
  return html`<span class="price">${trustedHtml(shop.priceHtml(product))}</span>`;
}

/** "Rated 4.50 out of 5" with stars for sight and words for screen readers; nothing when unrated. */
export function ratingMarkup(product: ShopProduct): SafeHtml {
  if (product.rating_count === 0) return html``;
  const stars = '★'.repeat(Math.round(product.average_rating)).padEnd(5, '☆');
  return html`<span class="rating"><span aria-hidden="true">${stars}</span><span class="screen-reader-text">Rated ${product.average_rating.toFixed(2)} out of 5</span> (${product.rating_count})</span>`;
}

/**
 * The first image, or a neutral placeholder (alt text from the product name when the image has none). A media
 * library image offers the browser its sizes (`srcset`), so a card loads a 300 px file and the product page 600 px.
 */
export function productImage(product: ShopProduct, size: 'card' | 'full'): SafeHtml {
  const image = product.images[0];
  const side = size === 'card' ? 300 : 600;
  if (!image) return html`<img src="/assets/placeholder.svg" alt="" width="${side}" height="${side}">`;
  const srcset = image.srcset
    ? html` srcset="${image.srcset}" sizes="(max-width: ${side}px) 100vw, ${side}px"`
    : html``;
  return html`<img src="${safeUrl(image.src)}"${srcset} alt="${image.alt || product.name}" width="${side}" height="${side}" loading="${size === 'card' ? 'lazy' : 'eager'}">`;
}

/**
 * One product in a grid: image and name linking to its page, price, rating, and its add-to-cart button (WooCommerce's
 * loop: a form for a simple product, else a link to the product page or, for an external product, to its store). The
 * image's link repeats the name's, so it is left out of the tab order and of what screen readers announce.
 */
export function productCard(shop: ShopApi, product: ShopProduct): SafeHtml {
  const url = `/product/${product.slug}/`;
  const text = addToCartText(product);
  const label = addToCartDescription(product);
  return html`<li class="product-card">
<a href="${url}" tabindex="-1" aria-hidden="true">${productImage(product, 'card')}</a>
<h2><a href="${url}">${product.name}</a></h2>
${priceMarkup(shop, product)}
${ratingMarkup(product)}
${
  product.type === 'simple' && text === 'Add to cart'
    ? html`<form method="post" action="/cart/" data-product-name="${product.name}"><input type="hidden" name="add-to-cart" value="${product.id}"><input type="hidden" name="quantity" value="1"><button type="submit" aria-label="${label}">${text}</button></form>`
    : productButtonLink(product)
}
</li>`;
}

/** The add-to-cart button of a product bought elsewhere: its page (options, details, children) or its store. */
export function productButtonLink(product: ShopProduct): SafeHtml {
  const label = addToCartDescription(product);
  const text = addToCartText(product);
  return product.type === 'external'
    ? html`<a class="button secondary" href="${safeUrl(product.external_url)}" rel="nofollow noopener" aria-label="${label}">${text}</a>`
    : html`<a class="button secondary" href="/product/${product.slug}/" aria-label="${label}">${text}</a>`;
}

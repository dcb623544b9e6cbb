import { Type } from '@sinclair/typebox';
import { html, type SafeHtml, safeUrl } from '../../platform/http/html.js';
import type { RestApp } from '../../platform/http/server.js';
import { reviewsPage } from '../reviews/review-search.service.js';
import type { ShopProduct } from '../shop-api.js';
import { priceMarkup, productImage, ratingMarkup } from './product-card.js';
import { sendStorefrontPage, type StorefrontDeps } from './storefront-page.js';
import { PageAssets } from './storefront-slots.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;

/** `/product/<slug>/`: name, images, price, stock, description, attributes, reviews, and the add-to-cart form. */
export function registerProductPage(app: RestApp, deps: StorefrontDeps): void {
  app.get(
    '/product/:slug/',
    {
      config: PUBLIC_PAGE,
      schema: { hide: true, params: Type.Object({ slug: Type.String({ maxLength: 200 }) }) },
    },
    async (request, reply) => {
      const { items } = await deps.ctx.shop.searchProducts({
        slug: request.params.slug,
        status: 'publish',
        offset: 0,
        limit: 1,
      });
      const product = items[0];
      const assets = new PageAssets();
      if (!product)
        return sendStorefrontPage(deps, request, reply, {
          title: 'Product not found',
          status: 404,
          assets,
          body: html`<h1>Product not found</h1><p>It may have been removed. <a href="/shop/">Back to the shop</a></p>`,
        });
      const [summary, gallery, reviews] = await Promise.all([
        deps.slots.render('product.summary', { product }, request, assets),
        deps.slots.render('product.gallery', { product }, request, assets),
        reviewsPage(deps.ctx.db, {
          productIds: [product.id],
          statuses: ['approved'],
          order: 'desc',
          offset: 0,
          limit: 20,
        }),
      ]);
      assets.scripts.add('variation-form');
      const body = html`<nav aria-label="Breadcrumb" class="breadcrumb"><a href="/shop/">Shop</a>${product.categories[0] ? html` › <a href="/product-category/${product.categories[0].slug}/">${product.categories[0].name}</a>` : ''}</nav>
<div class="product-layout">
<div class="product-images">
<div class="product-image">${productImage(product, 'full')}</div>
${gallery}
</div>
<div class="summary">
<h1>${product.name}</h1>
<p class="price-line" data-price>${priceMarkup(deps.ctx.shop, product)}</p>
${ratingMarkup(product)}
<p class="stock" data-stock>${stockText(product)}</p>
${summary}
${product.short_description ? html`<div class="short-description"><p>${product.short_description}</p></div>` : ''}
${addToCartForm(product)}
</div>
</div>
<section aria-labelledby="description-heading"><h2 id="description-heading">Description</h2><p>${product.description || 'No description yet.'}</p></section>
${attributesTable(product)}
<section aria-labelledby="reviews-heading"><h2 id="reviews-heading">Reviews (${reviews.total})</h2>
${reviews.rows.length === 0 ? html`<p>There are no reviews yet.</p>` : html`<ol class="reviews">${reviews.rows.map((r) => html`<li><p><strong>${r.reviewer}</strong>${r.verified ? ' (verified owner)' : ''} – <span aria-label="Rated ${r.rating} out of 5">${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)}</span></p><p>${r.review}</p></li>`)}</ol>`}
</section>`;
      return sendStorefrontPage(deps, request, reply, { title: product.name, body, assets });
    },
  );
}

function stockText(product: ShopProduct): string {
  if (product.stock_status === 'outofstock') return 'Out of stock';
  if (product.stock_status === 'onbackorder') return 'Available on backorder';
  return product.manage_stock && product.stock_quantity !== null
    ? `${product.stock_quantity} in stock`
    : 'In stock';
}

/** The add-to-cart form: a labelled select per variation attribute (variable products), Quantity, Add to cart. */
function addToCartForm(product: ShopProduct): SafeHtml {
  if (!product.purchasable || product.stock_status === 'outofstock' || product.type === 'grouped')
    return html``;
  if (product.type === 'external')
    return html`<p><a class="button" href="${safeUrl(product.external_url)}" rel="nofollow noopener">${product.button_text || 'Buy product'}</a></p>`;
  const variationAttributes = product.attributes.filter((a) => a.variation);
  const variations = product.variations.map((v) => ({
    id: v.id,
    attributes: v.attributes,
    price: v.price,
    regular_price: v.regular_price,
    in_stock: v.stock_status !== 'outofstock',
    stock_quantity: v.stock_quantity,
  }));
  return html`<form class="cart" method="post" action="/cart/" data-product-name="${product.name}"${product.type === 'variable' ? html` data-variations="${JSON.stringify(variations)}"` : ''}>
<input type="hidden" name="add-to-cart" value="${product.id}">
${variationAttributes.map(
  (attribute, i) => html`<div class="field"><label for="attribute-${i}">${attribute.name}</label>
<select id="attribute-${i}" name="attribute_${attribute.name}" required>
<option value="">Choose an option</option>
${attribute.options.map((option) => html`<option value="${option}">${option}</option>`)}
</select></div>`,
)}
<div class="field quantity"><label for="quantity">Quantity</label><input type="number" id="quantity" name="quantity" value="1" min="1" max="9999" step="1" inputmode="numeric" required></div>
<button type="submit" name="add" value="1">Add to cart</button>
</form>`;
}

function attributesTable(product: ShopProduct): SafeHtml {
  if (product.attributes.length === 0) return html``;
  return html`<section aria-labelledby="attributes-heading"><h2 id="attributes-heading">Additional information</h2>
<table class="shop-table"><tbody>${product.attributes.map((a) => html`<tr><th scope="row">${a.name}</th><td>${a.options.join(', ')}</td></tr>`)}</tbody></table></section>`;
}

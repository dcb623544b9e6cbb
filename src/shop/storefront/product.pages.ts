import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RestError } from '../../platform/http/errors.js';
import { html, richText, type SafeHtml, safeUrl } from '../../platform/http/html.js';
import type { RestApp } from '../../platform/http/server.js';
import { addToCartText } from '../catalog/add-to-cart-text.js';
import { reviewsPage } from '../reviews/review-search.service.js';
import { createCustomerReview } from '../reviews/reviews.service.js';
import type { ShopProduct } from '../shop-api.js';
import { formNonce, formNonceValid, REVIEW_FORM_ACTION, seeOther } from './cart-forms.js';
import { groupedProductForm } from './grouped-product-form.js';
import { priceMarkup, productImage, ratingMarkup } from './product-card.js';
import { stockText } from './stock-text.js';
import { type PageNotice, sendStorefrontPage, type StorefrontDeps } from './storefront-page.js';
import { PageAssets } from './storefront-slots.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;
/** The longest review the shop stores (the Store API's limit). */
const MAX_REVIEW_LENGTH = 10_000;
const RATINGS = [
  [5, 'Perfect'],
  [4, 'Good'],
  [3, 'Average'],
  [2, 'Not that bad'],
  [1, 'Very poor'],
] as const;
const REVIEW_NOTICES: Record<string, PageNotice> = {
  approved: { kind: 'success', text: 'Thank you, your review has been published.' },
  hold: { kind: 'success', text: 'Thank you, your review is awaiting approval.' },
};

/** What the review form shows after a post that failed: the posted values and the errors at their fields. */
interface ReviewFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

const SlugParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });

/**
 * `/product/<slug>/`: name, images, price, stock, description, attributes, reviews, the add-to-cart form, and for
 * logged-in customers a review form posting to `/product/<slug>/review/` (the shop's review rules and moderation).
 */
export function registerProductPage(app: RestApp, deps: StorefrontDeps): void {
  app.get(
    '/product/:slug/',
    {
      config: PUBLIC_PAGE,
      schema: {
        hide: true,
        params: SlugParams,
        querystring: Type.Object({ review: Type.Optional(Type.String({ maxLength: 20 })) }),
      },
    },
    async (request, reply) => {
      const product = await publishedProduct(deps, request.params.slug);
      const notice = REVIEW_NOTICES[request.query.review ?? ''];
      return renderProduct(deps, request, reply, product, { notices: notice ? [notice] : [] });
    },
  );

  app.post(
    '/product/:slug/review/',
    {
      config: PUBLIC_PAGE,
      schema: {
        hide: true,
        params: SlugParams,
        body: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 20_000 }), {
          maxProperties: 20,
        }),
      },
    },
    async (request, reply) => {
      const product = await publishedProduct(deps, request.params.slug);
      const form = request.body as Record<string, string>;
      const principal = request.principal;
      const failed = (status: number, text: string, errors: Record<string, string> = {}) =>
        renderProduct(deps, request, reply, product, {
          status,
          notices: [{ kind: 'error', text }],
          review: { values: form, errors },
        });
      if (!product) return renderProduct(deps, request, reply, product, {});
      if (principal.kind !== 'user') return failed(401, 'Log in to post a review.');
      if (!formNonceValid(deps.ctx, request, form._wpnonce, REVIEW_FORM_ACTION))
        return failed(403, 'The page has expired. Please submit your review again.');
      const errors: Record<string, string> = {};
      const rating = Number(form.rating);
      if (!/^[1-5]$/.test(form.rating ?? '')) errors.rating = 'Choose a rating from 1 to 5 stars.';
      const review = (form.comment ?? '').trim();
      if (review === '') errors.comment = 'Write your review.';
      else if (review.length > MAX_REVIEW_LENGTH)
        errors.comment = `Keep your review within ${MAX_REVIEW_LENGTH} characters.`;
      if (Object.keys(errors).length > 0)
        return failed(422, 'Please correct the fields marked below.', errors);
      try {
        const created = await createCustomerReview(deps.ctx, principal.user, {
          product_id: product.id,
          review,
          rating,
        });
        const outcome = created.status === 'approved' ? 'approved' : 'hold';
        return seeOther(reply, `/product/${product.slug}/?review=${outcome}#reviews-heading`);
      } catch (error) {
        if (!(error instanceof RestError)) throw error;
        return failed(error.status, error.message);
      }
    },
  );
}

async function publishedProduct(deps: StorefrontDeps, slug: string): Promise<ShopProduct | undefined> {
  const found = await deps.fragments.render(`product:${slug}`, async () => {
    const { items } = await deps.ctx.shop.searchProducts({ slug, status: 'publish', offset: 0, limit: 1 });
    return items[0] ?? null;
  });
  return found ?? undefined;
}

async function renderProduct(
  deps: StorefrontDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  product: ShopProduct | undefined,
  page: { status?: number; notices?: PageNotice[]; review?: ReviewFormState },
): Promise<FastifyReply> {
  const assets = new PageAssets();
  if (!product)
    return sendStorefrontPage(deps, request, reply, {
      title: 'Product not found',
      status: 404,
      assets,
      body: html`<h1>Product not found</h1><p>It may have been removed. <a href="/shop/">Back to the shop</a></p>`,
    });
  const [summary, gallery, reviews, children] = await Promise.all([
    deps.slots.render('product.summary', { product }, request, assets),
    deps.slots.render('product.gallery', { product }, request, assets),
    deps.fragments.render(`reviews:${product.id}`, () =>
      reviewsPage(deps.ctx.db, {
        productIds: [product.id],
        statuses: ['approved'],
        order: 'desc',
        offset: 0,
        limit: 20,
      }),
    ),
    groupedChildren(deps, product),
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
${product.type === 'grouped' ? '' : html`<p class="stock" data-stock>${stockText(product)}</p>`}
${summary}
${product.short_description ? html`<div class="short-description">${richText(product.short_description)}</div>` : ''}
${product.type === 'grouped' ? groupedProductForm(deps.ctx.shop, product, children) : addToCartForm(product)}
${productTags(product)}
</div>
</div>
<section aria-labelledby="description-heading"><h2 id="description-heading">Description</h2>${product.description ? richText(product.description) : html`<p>No description yet.</p>`}</section>
${attributesTable(product)}
<section aria-labelledby="reviews-heading"><h2 id="reviews-heading">Reviews (${reviews.total})</h2>
${reviews.rows.length === 0 ? html`<p>There are no reviews yet.</p>` : html`<ol class="reviews">${reviews.rows.map((r) => html`<li><p><strong>${r.reviewer}</strong>${r.verified ? ' (verified owner)' : ''} – <span aria-label="Rated ${r.rating} out of 5">${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)}</span></p><p>${r.review}</p></li>`)}</ol>`}
${reviewForm(deps, request, product, page.review)}
</section>`;
  return sendStorefrontPage(deps, request, reply, {
    title: product.name,
    body,
    assets,
    notices: page.notices,
    status: page.status,
  });
}

/** The review form for logged-in customers (Your rating, Your review, Submit); a login link for everyone else; none when reviews are closed. */
function reviewForm(
  deps: StorefrontDeps,
  request: FastifyRequest,
  product: ShopProduct,
  state: ReviewFormState = { values: {}, errors: {} },
): SafeHtml {
  if (!product.reviews_allowed) return html`<p>Reviews are closed for this product.</p>`;
  if (request.principal.kind !== 'user')
    return html`<p>Only logged-in customers can leave a review. <a href="/my-account/">Log in</a></p>`;
  const { values, errors } = state;
  const invalid = (name: string) =>
    errors[name] ? html` aria-invalid="true" aria-describedby="review-${name}-error"` : '';
  const error = (name: string) =>
    errors[name] ? html`<span class="field-error" id="review-${name}-error">${errors[name]}</span>` : '';
  return html`<h3 id="review-form-heading">Add a review</h3>
<form method="post" action="/product/${product.slug}/review/" class="review-form" aria-labelledby="review-form-heading" novalidate>
<input type="hidden" name="_wpnonce" value="${formNonce(deps.ctx, request, REVIEW_FORM_ACTION)}">
<div class="field"><label for="review-rating">Your rating</label>
<select id="review-rating" name="rating" required${invalid('rating')}>
<option value="">Rate…</option>
${RATINGS.map(([n, label]) => html`<option value="${n}"${values.rating === String(n) ? html` selected` : ''}>${n} – ${label}</option>`)}
</select>
${error('rating')}</div>
<div class="field"><label for="review-comment">Your review</label>
<textarea id="review-comment" name="comment" rows="5" maxlength="${MAX_REVIEW_LENGTH}" required${invalid('comment')}>${values.comment ?? ''}</textarea>
${error('comment')}</div>
<button type="submit">Submit</button>
</form>`;
}

// A grouped product's published children, in the group's order (none for other products).
async function groupedChildren(deps: StorefrontDeps, product: ShopProduct): Promise<ShopProduct[]> {
  if (product.type !== 'grouped' || product.grouped_products.length === 0) return [];
  const children = await deps.ctx.shop.getProducts(product.grouped_products);
  return children.filter((child) => child.status === 'publish');
}

/** The add-to-cart form: a labelled select per variation attribute (variable products), Quantity, Add to cart. */
function addToCartForm(product: ShopProduct): SafeHtml {
  if (product.type === 'external')
    return html`<p><a class="button" href="${safeUrl(product.external_url)}" rel="nofollow noopener">${addToCartText(product)}</a></p>`;
  if (!product.purchasable || product.stock_status === 'outofstock') return html``;
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

// WooCommerce's product meta line: the product's tags, each linking to its tag page.
function productTags(product: ShopProduct): SafeHtml {
  if (product.tags.length === 0) return html``;
  return html`<p class="product-tags">${product.tags.length === 1 ? 'Tag' : 'Tags'}: ${product.tags.map(
    (t, i) => html`${i > 0 ? ', ' : ''}<a href="/product-tag/${t.slug}/" rel="tag">${t.name}</a>`,
  )}</p>`;
}

// Attributes marked not visible (WooCommerce's "Visible on the product page" unticked) stay off the page.
function attributesTable(product: ShopProduct): SafeHtml {
  const shown = product.attributes.filter((a) => a.visible !== false);
  if (shown.length === 0) return html``;
  return html`<section aria-labelledby="attributes-heading"><h2 id="attributes-heading">Additional information</h2>
<table class="shop-table"><tbody>${shown.map((a) => html`<tr><th scope="row">${a.name}</th><td>${a.options.join(', ')}</td></tr>`)}</tbody></table></section>`;
}

import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { html } from '../../platform/http/html.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ProductQuery, ShopCategory, ShopTag } from '../shop-api.js';
import type { CatalogFragment } from './page-fragments.js';
import { productCard } from './product-card.js';
import { sendStorefrontPage, type StorefrontDeps } from './storefront-page.js';
import { PageAssets } from './storefront-slots.js';

const PER_PAGE = 12;
/** WooCommerce's `orderby` values on shop pages, with their labels. */
const SORTS = {
  popularity: { label: 'Sort by popularity', orderBy: 'popularity', order: 'desc' },
  rating: { label: 'Sort by average rating', orderBy: 'rating', order: 'desc' },
  date: { label: 'Sort by latest', orderBy: 'date', order: 'desc' },
  price: { label: 'Sort by price: low to high', orderBy: 'price', order: 'asc' },
  'price-desc': { label: 'Sort by price: high to low', orderBy: 'price', order: 'desc' },
} as const;
type SortKey = keyof typeof SORTS;

const ShopQuery = Type.Object({
  s: Type.Optional(Type.String({ maxLength: 200 })),
  orderby: Type.Optional(Type.String({ maxLength: 20 })),
  paged: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;

/** A grid narrowed to one category or one tag (`/product-category/<slug>/`, `/product-tag/<slug>/`). */
type Archive = { taxonomy: 'product_cat' | 'product_tag'; slug: string } | null;

/**
 * `/`, `/shop/`, `/product-category/<slug>/`, `/product-tag/<slug>/` and search (`/?s=`): the product grid with
 * sorting and paging.
 */
export function registerCatalogPages(app: RestApp, deps: StorefrontDeps): void {
  const listing = (archive: Archive) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as { s?: string; orderby?: string; paged?: number };
    const search = query.s?.trim() ?? '';
    const base =
      archive !== null
        ? `/${archive.taxonomy === 'product_tag' ? 'product-tag' : 'product-category'}/${archive.slug}/`
        : request.url.startsWith('/shop')
          ? '/shop/'
          : '/';
    const key = `grid:${JSON.stringify([base, search, query.orderby ?? '', query.paged ?? 1])}`;
    const page = await deps.fragments.render<CatalogFragment>(key, () =>
      listingFragment(archive, query, search, base),
    );
    return sendStorefrontPage(deps, request, reply, { ...page, assets: new PageAssets(), search });
  };

  /** A grid page's content: the same for every visitor while the catalogue is unchanged. */
  const listingFragment = async (
    archive: Archive,
    query: { orderby?: string; paged?: number },
    search: string,
    base: string,
  ): Promise<CatalogFragment> => {
    let category: ShopCategory | undefined;
    let tag: ShopTag | undefined;
    if (archive?.taxonomy === 'product_cat')
      category = (await deps.ctx.shop.listCategories()).find((c) => c.slug === archive.slug);
    if (archive?.taxonomy === 'product_tag') [tag] = await deps.ctx.shop.getTagsBySlugs([archive.slug]);
    if (archive !== null && !category && !tag)
      return {
        title: 'Not found',
        status: 404,
        body: html`<h1>Nothing here</h1><p>This ${archive.taxonomy === 'product_tag' ? 'tag' : 'category'} does not exist. <a href="/shop/">Back to the shop</a></p>`,
      };
    const sortKey: SortKey =
      query.orderby && query.orderby in SORTS ? (query.orderby as SortKey) : search ? 'date' : 'popularity';
    const sort = SORTS[sortKey];
    const page = query.paged ?? 1;
    const filter: ProductQuery = {
      status: 'publish',
      search: search || undefined,
      categoryIds: category ? [category.id] : undefined,
      tagIds: tag ? [tag.id] : undefined,
      orderBy: sort.orderBy,
      order: sort.order,
      offset: (page - 1) * PER_PAGE,
      limit: PER_PAGE,
    };
    const { items, total } = await deps.ctx.shop.searchProducts(filter);
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
    const title = search
      ? `Search results: “${search}”`
      : category
        ? category.name
        : tag
          ? `Products tagged “${tag.name}”`
          : 'Shop';
    const description = category?.description || tag?.description;
    const link = (p: number) => {
      const params = new URLSearchParams();
      if (search) params.set('s', search);
      if (query.orderby) params.set('orderby', sortKey);
      if (p > 1) params.set('paged', String(p));
      const text = params.toString();
      return text ? `${base}?${text}` : base;
    };
    // A page past the last one (an old link after products went away) is WooCommerce's 404, not "Showing 49–12".
    if (page > pages)
      return {
        title,
        status: 404,
        body: html`<h1>${title}</h1><p>There is no page ${page} of these products. <a href="${link(1)}">Go to the first page</a></p>`,
      };
    const body = html`<h1>${title}</h1>
${description ? html`<p>${description}</p>` : ''}
<div class="shop-toolbar">
<p class="result-count">${total === 0 ? 'No products were found.' : `Showing ${(page - 1) * PER_PAGE + 1}–${Math.min(total, page * PER_PAGE)} of ${total} results`}</p>
<form method="get" action="${base}" class="ordering">
${search ? html`<input type="hidden" name="s" value="${search}">` : ''}
<label for="orderby">Sort by</label>
<select name="orderby" id="orderby">
${Object.entries(SORTS).map(([key, s]) => html`<option value="${key}"${key === sortKey ? html` selected` : ''}>${s.label}</option>`)}
</select>
<button type="submit" class="secondary">Sort</button>
</form>
</div>
<ul class="products">${items.map((p) => productCard(deps.ctx.shop, p))}</ul>
${
  pages > 1
    ? html`<nav class="pagination" aria-label="Product pages"><ul>
${page > 1 ? html`<li><a href="${link(page - 1)}" rel="prev">Previous</a></li>` : ''}
${Array.from({ length: Math.min(pages, 9) }, (_, i) => pageNumberAround(page, pages, i)).map((n) =>
  n === page
    ? html`<li><span aria-current="page">${n}</span></li>`
    : html`<li><a href="${link(n)}">${n}</a></li>`,
)}
${page < pages ? html`<li><a href="${link(page + 1)}" rel="next">Next</a></li>` : ''}
</ul></nav>`
    : ''
}`;
    return { status: 200, title, body };
  };
  const schema = { hide: true, querystring: ShopQuery };
  app.get('/', { config: PUBLIC_PAGE, schema }, listing(null));
  app.get('/shop/', { config: PUBLIC_PAGE, schema }, listing(null));
  app.get(
    '/product-category/:slug/',
    {
      config: PUBLIC_PAGE,
      schema: { ...schema, params: Type.Object({ slug: Type.String({ maxLength: 200 }) }) },
    },
    (request, reply) =>
      listing({ taxonomy: 'product_cat', slug: (request.params as { slug: string }).slug })(request, reply),
  );
  app.get(
    '/product-tag/:slug/',
    {
      config: PUBLIC_PAGE,
      schema: { ...schema, params: Type.Object({ slug: Type.String({ maxLength: 200 }) }) },
    },
    (request, reply) =>
      listing({ taxonomy: 'product_tag', slug: (request.params as { slug: string }).slug })(request, reply),
  );
}

/** The i-th of up to nine page numbers centred on the current page. */
function pageNumberAround(page: number, pages: number, i: number): number {
  const first = Math.max(1, Math.min(page - 4, pages - 8));
  return first + i;
}

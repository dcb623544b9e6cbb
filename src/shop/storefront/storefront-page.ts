import type { FastifyReply, FastifyRequest } from 'fastify';
import { siteName } from '../../platform/admin-pages/site-identity.js';
import { siteIconLink, siteIconUrl } from '../../platform/site-settings/site-icon.js';
import { html, type SafeHtml } from '../../platform/http/html.js';
import { declareCache } from '../../platform/cache/cache-layer.js';
import type { ShopContext } from '../shop-part.js';
import type { CatalogFragments } from './page-fragments.js';
import { islandUrl } from './islands-manifest.js';
import type { PageAssets, StorefrontSlotRegistry } from './storefront-slots.js';
import { STOREFRONT_CSS_URL } from './storefront-styles.js';
import { SHOP_TOPICS } from '../shop-api.js';
import { PLATFORM_TOPICS } from '../../platform/cache/topics.js';

/** A notice shown above a page's content. */
export interface PageNotice {
  kind: 'info' | 'success' | 'error';
  text: string | SafeHtml;
}

/** What every page needs to draw its frame: the shop, the slots, and how to count the visitor's cart. */
export interface StorefrontDeps {
  ctx: ShopContext;
  slots: StorefrontSlotRegistry;
  /** The catalogue pages' visitor-independent content, kept while the catalogue is unchanged. */
  fragments: CatalogFragments;
  cartCount(request: FastifyRequest): Promise<number>;
}

/** The site's chrome, rendered once per change of the options or the catalogue, a minute at most. */
const CHROME = declareCache<SiteChrome>({
  topics: [SHOP_TOPICS.catalog, PLATFORM_TOPICS.options],
  max: 1,
  ttlMs: 60_000,
});

/** Security headers of every storefront page. */
export const STOREFRONT_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-cache',
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-src https://www.youtube-nocookie.com https://www.youtube.com; frame-ancestors 'self'; base-uri 'self'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** A page's frame around its content: everything before it (head, header, notices) and everything after (footer). */
export interface StorefrontFrame {
  start: SafeHtml;
  end: SafeHtml;
}

/**
 * Sends one storefront page: header (site name, Shop, categories, search, cart with its count, My account), the
 * site-wide notices slot and the page's notices, the page's content, the footer, and the head elements and island
 * scripts its slots asked for.
 */
export async function sendStorefrontPage(
  deps: StorefrontDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    title: string;
    body: SafeHtml;
    assets: PageAssets;
    notices?: PageNotice[];
    status?: number;
    search?: string;
    /** Other origins the page's forms may be answered with a redirect to (checkout: hosted payment pages). */
    formTargets?: readonly string[];
  },
): Promise<FastifyReply> {
  const frame = await renderStorefrontFrame(deps, request, page);
  // `form-action` is the policy's last directive: further targets are appended to it.
  const csp = STOREFRONT_HEADERS['Content-Security-Policy'];
  return reply
    .code(page.status ?? 200)
    .headers(STOREFRONT_HEADERS)
    .header(
      'Content-Security-Policy',
      page.formTargets?.length ? `${csp} ${page.formTargets.join(' ')}` : csp,
    )
    .send(html`${frame.start}${page.body}${frame.end}`.text);
}

/**
 * The frame of a storefront page for the request's visitor (their cart count and Store API nonce, which the
 * cart island uses), with the head elements and island scripts `page.assets` collected.
 */
export async function renderStorefrontFrame(
  deps: StorefrontDeps,
  request: FastifyRequest,
  page: { title: string; assets: PageAssets; notices?: PageNotice[]; search?: string },
): Promise<StorefrontFrame> {
  const { ctx } = deps;
  const [{ site, icon, categoryLinks }, count, siteNotices] = await Promise.all([
    siteChrome(ctx),
    deps.cartCount(request),
    deps.slots.render('notices', {}, request, page.assets),
  ]);
  // The cart island keeps the header's count current on every page (and adds in place where there are forms).
  const scripts = ['cart-updates', ...page.assets.scripts]
    .map((name) => islandUrl(name))
    .filter((url) => url !== null);
  const storeNonce = ctx.nonces.create(ctx.auth.nonceSubject(request.principal), 'wc_store_api');
  const start = html`<!doctype html>
<html lang="en" data-currency-symbol="${ctx.shop.currency.symbol}" data-currency-minor-unit="${ctx.shop.currency.minorUnit}" data-store-nonce="${storeNonce}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} – ${site}</title>
<link rel="stylesheet" href="${STOREFRONT_CSS_URL}">
${icon}
${page.assets.head}
${scripts.map((src) => html`<script type="module" src="${src}"></script>`)}
</head>
<body>
<a class="skip-link" href="#content">Skip to content</a>
<header class="site-header">
<div class="inner">
<a class="site-title" href="/">${site}</a>
<nav class="site-nav" aria-label="Shop">
<ul>
<li><a href="/shop/">Shop</a></li>
${categoryLinks}
</ul>
</nav>
<form class="site-search" role="search" action="/" method="get">
<label class="screen-reader-text" for="site-search-field">Search products</label>
<input type="search" id="site-search-field" name="s" value="${page.search ?? ''}" placeholder="Search products…">
<button type="submit" class="secondary">Search</button>
</form>
<div class="header-links">
<a href="/cart/" class="cart-link">Cart (<span data-cart-count>${count}</span>)</a>
<a href="/my-account/">My account</a>
</div>
</div>
</header>
<main id="content" class="site-main">
<div class="notices" role="status">
${siteNotices}
${(page.notices ?? []).map((n) => html`<div class="notice ${n.kind}"${n.kind === 'error' ? html` role="alert"` : ''}>${n.text}</div>`)}
</div>
`;
  const end = html`</main>
<footer class="site-footer"><div class="inner"><p>${site} · <a href="/shop/">Shop</a> · <a href="/my-account/">My account</a></p></div></footer>
</body>
</html>`;
  return { start, end };
}

/** What the head, header and footer show of the site: its name and icon, and links to its top categories. */
interface SiteChrome {
  site: SafeHtml;
  icon: SafeHtml;
  categoryLinks: SafeHtml;
}

/** The site's name, icon and category links, rendered once per change of the options or the catalogue. */
function siteChrome(ctx: ShopContext): Promise<SiteChrome> {
  return ctx.caches.of(CHROME).getOrCompute('chrome', async () => {
    const [site, iconUrl, categories] = await Promise.all([
      siteName(ctx.options),
      siteIconUrl(ctx.options),
      ctx.shop.listCategories(),
    ]);
    const top = categories.filter((c) => c.parent === 0 && c.count > 0).slice(0, 8);
    return {
      site: html`${site}`,
      icon: siteIconLink(iconUrl),
      categoryLinks: html`${top.map((c) => html`<li><a href="/product-category/${c.slug}/">${c.name}</a></li>`)}`,
    };
  });
}

import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { SafeHtml } from '../../platform/http/html.js';
import type { CartService } from '../cart/cart.service.js';
import type { CartSessions } from '../cart/cart-session.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { ShopApi } from '../shop-api.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { CatalogFragments } from './page-fragments.js';
import { registerCartPage } from './cart.pages.js';
import { registerCatalogPages } from './catalog.pages.js';
import { registerCheckoutPages } from './checkout.pages.js';
import { registerMyAccountPages } from './my-account.pages.js';
import { ISLANDS_DIST_DIR, ISLANDS_PREFIX } from './islands-manifest.js';
import { registerProductPage } from './product.pages.js';
import {
  renderStorefrontFrame,
  STOREFRONT_HEADERS,
  type StorefrontDeps,
  sendStorefrontPage,
} from './storefront-page.js';
import { PageAssets, StorefrontSlotRegistry } from './storefront-slots.js';
import { PLACEHOLDER_SVG, STOREFRONT_CSS, STOREFRONT_CSS_URL } from './storefront-styles.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;

/** The shop's storefront: server-rendered pages at WooCommerce's URLs, with slots extensions add parts to. */
export function storefrontPart(
  ctx: ShopContext,
  deps: { carts: CartService; sessions: CartSessions; checkout: CheckoutService; orders: OrdersService },
): ShopPart {
  const slots = new StorefrontSlotRegistry();
  const pageDeps: StorefrontDeps & typeof deps = {
    ...deps,
    ctx,
    slots,
    fragments: new CatalogFragments(ctx),
    async cartCount(request) {
      const principal = request.principal;
      if (principal.kind === 'anonymous') return 0;
      const cart = await ctx.shop.getCartForPrincipal(principal);
      return cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
    },
  };
  const extensionAssets = (page: { head?: SafeHtml; scripts?: string[] }) => {
    const assets = new PageAssets();
    if (page.head) assets.head.push(page.head);
    for (const script of page.scripts ?? []) assets.scripts.add(script);
    return assets;
  };
  const api: Partial<ShopApi> = {
    addStorefrontPart(slot, part) {
      slots.add(slot, part);
    },
    sendStorefrontPage(request, reply, page) {
      return sendStorefrontPage(pageDeps, request, reply, { ...page, assets: extensionAssets(page) });
    },
    async storefrontFrame(request, page) {
      const frame = await renderStorefrontFrame(pageDeps, request, {
        ...page,
        assets: extensionAssets(page),
      });
      return { ...frame, headers: { ...STOREFRONT_HEADERS } };
    },
  };
  return {
    name: 'storefront',
    api,
    async pages(app) {
      registerCatalogPages(app, pageDeps);
      registerProductPage(app, pageDeps);
      registerCartPage(app, pageDeps);
      registerCheckoutPages(app, pageDeps);
      registerMyAccountPages(app, pageDeps);
      app.get(STOREFRONT_CSS_URL, { config: PUBLIC_PAGE, schema: { hide: true } }, (_request, reply) =>
        reply
          .header('Content-Type', 'text/css; charset=utf-8')
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .send(STOREFRONT_CSS),
      );
      app.get('/assets/placeholder.svg', { config: PUBLIC_PAGE, schema: { hide: true } }, (_request, reply) =>
        reply
          .header('Content-Type', 'image/svg+xml')
          .header('Cache-Control', 'public, max-age=86400')
          .send(PLACEHOLDER_SVG),
      );
      if (existsSync(ISLANDS_DIST_DIR))
        await app.register(fastifyStatic, {
          root: ISLANDS_DIST_DIR,
          prefix: ISLANDS_PREFIX,
          decorateReply: false,
          preCompressed: true,
          index: false,
          immutable: true,
          maxAge: '365d',
        });
    },
  };
}

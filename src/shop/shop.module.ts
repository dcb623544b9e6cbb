import type { PlatformContext } from '../platform/context.js';
import { deleteParamsFromBody } from '../platform/http/delete-body-params.js';
import { numericPathIds } from '../platform/http/numeric-path-ids.js';
import type { AppModule } from '../platform/module.js';
import { addressesPart } from './addresses/addresses.part.js';
import { cartPart } from './cart/cart.part.js';
import { catalogPart } from './catalog/catalog.part.js';
import { checkoutPart } from './checkout/checkout.part.js';
import { couponsPart } from './coupons/coupons.part.js';
import { customersPart } from './customers/customers.part.js';
import { demoPart } from './demo/demo.part.js';
import { emailsPart } from './emails/emails.part.js';
import { mediaPart } from './media/media.part.js';
import { orderReportsPart } from './order-reports/order-reports.part.js';
import { ordersPart } from './orders/orders.part.js';
import { privacyPart } from './privacy/privacy.part.js';
import { paymentsPart } from './payments/payments.part.js';
import { reviewsPart } from './reviews/reviews.part.js';
import { settingsPart } from './settings/settings.part.js';
import { shippingPart } from './shipping/shipping.part.js';
import { storefrontPart } from './storefront/storefront.part.js';
import { taxPart } from './tax/tax.part.js';
import type { ShopApi } from './shop-api.js';
import './shop-events.js';
import type { ShopContext, ShopPart } from './shop-part.js';

/** The built-in shop core: its module (tables, routes, events) and the API extensions use. */
export function createShop(platform: PlatformContext): { module: AppModule<PlatformContext>; api: ShopApi } {
  // Filled below once every part exists; parts only call it at run time, never while being built.
  const api = {} as ShopApi;
  const ctx: ShopContext = { ...platform, shop: api };
  // One line per feature folder, in dependency order (catalog before cart, cart before checkout …).
  const cart = cartPart(ctx, {
    paymentMethods: async () => (await payments.gateways.enabled()).map((s) => s.gateway.id),
  });
  const orders = ordersPart(ctx);
  const payments = paymentsPart(ctx, { ...orders, carts: cart.carts });
  const checkout = checkoutPart(ctx, { ...cart, orders: orders.orders, gateways: payments.gateways });
  const parts: ShopPart[] = [
    addressesPart(ctx),
    settingsPart(ctx),
    mediaPart(ctx),
    catalogPart(ctx),
    customersPart(ctx),
    reviewsPart(ctx),
    couponsPart(ctx),
    shippingPart(ctx),
    taxPart(ctx),
    cart,
    orders,
    payments,
    orderReportsPart(ctx),
    privacyPart(ctx),
    checkout,
    emailsPart(ctx, { gateways: payments.gateways }),
    storefrontPart(ctx, { ...cart, checkout: checkout.checkout, orders: orders.orders }),
  ];
  parts.push(demoPart(ctx, parts));
  Object.assign(api, ...parts.map((part) => part.api ?? {}));
  return { module: composeModule(parts), api };
}

function composeModule(parts: ShopPart[]): AppModule<PlatformContext> {
  return {
    name: 'shop',
    admin: { capability: 'manage_shop' },
    migrations: Object.fromEntries(
      parts
        .flatMap((part) => Object.entries(part.migrations ?? {}))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
    namespaces: [{ namespace: 'wc/v3' }, { namespace: 'wc/store/v1' }, { namespace: 'shop/v1' }],
    capabilities: Object.assign({}, ...parts.map((part) => part.capabilities ?? {})),
    async routes(app) {
      // `wc/v3/products/abc` matches no WooCommerce route: 404 rest_no_route, never a 400 about `id`.
      app.addHook('onRoute', numericPathIds('/wp-json/wc/v3/'));
      // WooCommerce clients send `DELETE …` with `{"force": true}` as the JSON body as often as `?force=true`.
      app.addHook('onRoute', deleteParamsFromBody('/wp-json/wc/v3/'));
      for (const part of parts) await part.routes?.(app);
    },
    async pages(app) {
      for (const part of parts) await part.pages?.(app);
    },
    subscribers() {
      for (const part of parts) part.subscribers?.();
    },
    jobs() {
      return Object.assign({}, ...parts.map((part) => part.jobs?.() ?? {}));
    },
    async setup() {
      for (const part of parts) await part.setup?.();
    },
    privacyErasers: () => parts.flatMap((part) => part.privacyErasers?.() ?? []),
  };
}

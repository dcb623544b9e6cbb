import * as couponRestrictions from '../migrations/2026-11-25T19-40-coupon-restrictions.js';
import type { ShopContext, ShopPart } from '../shop-part.js';
import { registerCouponRoutes } from './coupons.routes.js';
import { createCoupon, findCoupon } from './coupons.service.js';

/** Coupons: `wc/v3/coupons` CRUD and the ShopApi coupon functions. */
export function couponsPart(ctx: ShopContext): ShopPart {
  return {
    name: 'coupons',
    migrations: { '2026-11-25T19-40-coupon-restrictions': couponRestrictions },
    routes: (app) => registerCouponRoutes(app, ctx),
    api: {
      createCoupon: (input, db = ctx.db) => createCoupon(db, ctx.clock, input),
      getCoupon: (code, db = ctx.db) => findCoupon(db, code),
    },
  };
}

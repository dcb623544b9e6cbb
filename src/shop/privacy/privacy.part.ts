import type { ShopContext, ShopPart } from '../shop-part.js';
import { shopErasers } from './shop.erasers.js';

/** The shop's personal-data erasers (customer data, orders), run by Tools → Erase Personal Data. */
export function privacyPart(ctx: ShopContext): ShopPart {
  return { name: 'privacy', privacyErasers: () => shopErasers(ctx) };
}

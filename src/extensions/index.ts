import { cartRecoveryExtension } from './cart-recovery/cart-recovery.extension.js';
import type { AnyExtension } from './define-extension.js';
import { loyaltyExtension } from './loyalty/loyalty.extension.js';
import { productTablesExtension } from './product-tables/product-tables.extension.js';
import { videosExtension } from './videos/videos.extension.js';

/** Every extension this build ships, in registration order. */
export const allExtensions: AnyExtension[] = [
  loyaltyExtension,
  productTablesExtension,
  videosExtension,
  cartRecoveryExtension,
];

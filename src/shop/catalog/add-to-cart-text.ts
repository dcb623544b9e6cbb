import type { ShopProduct } from '../shop-api.js';

/** What a product's add-to-cart button says, by product type (WooCommerce's `add_to_cart_text`). */
export function addToCartText(product: ShopProduct): string {
  if (product.type === 'external') return product.button_text || 'Buy product';
  if (product.type === 'grouped') return 'View products';
  if (!product.purchasable) return 'Read more';
  if (product.type === 'variable') return 'Select options';
  return product.stock_status === 'outofstock' ? 'Read more' : 'Add to cart';
}

/**
 * The button's accessible name (WooCommerce's `add_to_cart_description`): it starts with the visible text, so
 * people who speak what they see (voice control, WCAG 2.5.3) reach it, and names the product.
 */
export function addToCartDescription(product: ShopProduct): string {
  const text = addToCartText(product);
  const name = `“${product.name}”`;
  if (product.type === 'grouped') return `${text} in the ${name} group`;
  if (text === 'Read more') return `${text} about ${name}`;
  if (text === 'Select options') return `${text} for ${name}`;
  return `${text}: ${name}`;
}

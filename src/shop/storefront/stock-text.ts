import type { ShopProduct } from '../shop-api.js';

/** A product's stock as the product page says it: "Out of stock", "Available on backorder", "12 in stock", "In stock". */
export function stockText(product: ShopProduct): string {
  if (product.stock_status === 'outofstock') return 'Out of stock';
  if (product.stock_status === 'onbackorder') return 'Available on backorder';
  return product.manage_stock && product.stock_quantity !== null
    ? `${product.stock_quantity} in stock`
    : 'In stock';
}

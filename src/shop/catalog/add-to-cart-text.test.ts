import { describe, expect, it } from 'vitest';
import type { ShopProduct } from '../shop-api.js';
import { addToCartDescription, addToCartText } from './add-to-cart-text.js';

const product = (fields: Partial<ShopProduct>) =>
  ({
    name: 'Slim Chino Trousers',
    type: 'simple',
    purchasable: true,
    stock_status: 'instock',
    button_text: '',
    ...fields,
  }) as ShopProduct;

describe('add-to-cart text', () => {
  it('should name the product after the visible text, as WooCommerce does, for every product type', () => {
    const cases: Array<[Partial<ShopProduct>, string, string]> = [
      [{}, 'Add to cart', 'Add to cart: “Slim Chino Trousers”'],
      [{ stock_status: 'outofstock' }, 'Read more', 'Read more about “Slim Chino Trousers”'],
      [{ purchasable: false }, 'Read more', 'Read more about “Slim Chino Trousers”'],
      [{ type: 'variable' }, 'Select options', 'Select options for “Slim Chino Trousers”'],
      [
        { type: 'grouped', purchasable: false },
        'View products',
        'View products in the “Slim Chino Trousers” group',
      ],
      [{ type: 'external', purchasable: false }, 'Buy product', 'Buy product: “Slim Chino Trousers”'],
      [
        { type: 'external', button_text: 'Buy at partner' },
        'Buy at partner',
        'Buy at partner: “Slim Chino Trousers”',
      ],
    ];
    for (const [fields, text, description] of cases) {
      expect(addToCartText(product(fields))).toBe(text);
      expect(addToCartDescription(product(fields))).toBe(description);
      expect(addToCartDescription(product(fields)).startsWith(text)).toBe(true);
    }
  });
});

// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import {
  emptyProductForm,
  type ProductFormValues,
  productBody,
  productErrors,
  variationBody,
} from './product-form-values.js';
import { type Category, categoryTree } from './products-client.js';

// The form helpers reach the admin shell, whose boot object is read from the page: an admin page with no modules.
vi.hoisted(() => {
  document.body.innerHTML =
    '<script id="storeside-boot" type="application/json">{"modules":[],"capabilities":[]}</script>';
});

const form = (patch: Partial<ProductFormValues>): ProductFormValues => ({ ...emptyProductForm(), ...patch });

describe('productBody', () => {
  it('should send a simple product with its prices, SKU and managed stock as typed', () => {
    const body = productBody(
      form({
        name: ' Shirt ',
        regular_price: '20',
        sale_price: '',
        sku: ' S-1 ',
        manage_stock: true,
        stock_quantity: '7',
        category_ids: [3],
        tags: 'linen,  summer ,',
        images: 'https://a.test/1.jpg\n\n https://a.test/2.jpg ',
      }),
    );
    expect(body).toMatchObject({
      name: 'Shirt',
      type: 'simple',
      regular_price: '20',
      sale_price: '',
      sku: 'S-1',
      manage_stock: true,
      stock_quantity: 7,
      categories: [{ id: 3 }],
      tags: [{ name: 'linen' }, { name: 'summer' }],
      images: [{ src: 'https://a.test/1.jpg' }, { src: 'https://a.test/2.jpg' }],
    });
    expect(body).not.toHaveProperty('stock_status');
  });

  it('should pass a quantity that is not a whole number on as typed, for the server to name the rule', () => {
    expect(productBody(form({ manage_stock: true, stock_quantity: '2.5' })).stock_quantity).toBe('2.5');
  });

  it('should leave prices and stock out of a variable product and mark its variation attributes', () => {
    const body = productBody(
      form({
        type: 'variable',
        regular_price: '9',
        attributes: [
          { id: 0, name: 'Size', options: 'S | M |', variation: true, visible: true },
          { id: 0, name: '', options: 'x', variation: true, visible: true },
          { id: 4, name: 'Color', options: 'Red', variation: false, visible: false },
        ],
      }),
    );
    expect(body).not.toHaveProperty('regular_price');
    expect(body).not.toHaveProperty('manage_stock');
    expect(body.attributes).toEqual([
      { name: 'Size', options: ['S', 'M'], variation: true, visible: true, position: 0 },
      { id: 4, name: 'Color', options: ['Red'], variation: false, visible: false, position: 1 },
    ]);
  });

  it('should send only the children of a grouped product and the URL and button of an external one', () => {
    expect(productBody(form({ type: 'grouped', grouped_products: [4, 5], sku: 'x' }))).toMatchObject({
      grouped_products: [4, 5],
    });
    expect(productBody(form({ type: 'grouped', sku: 'x' }))).not.toHaveProperty('sku');
    const external = productBody(
      form({
        type: 'external',
        external_url: ' https://partner.test ',
        button_text: 'Buy',
        manage_stock: true,
      }),
    );
    expect(external).toMatchObject({ external_url: 'https://partner.test', button_text: 'Buy' });
    expect(external).not.toHaveProperty('manage_stock');
  });
});

describe('variationBody', () => {
  it("should send each variation attribute's option (empty for any) and manage stock only when a quantity is typed", () => {
    const attributes = [
      { id: 0, name: 'Size', options: 'S|M', variation: true, visible: true },
      { id: 0, name: 'Color', options: 'Red', variation: true, visible: true },
      { id: 0, name: 'Material', options: 'Wool', variation: false, visible: false },
    ];
    const row = {
      key: 'k',
      attributes: { Size: 'M' },
      regular_price: '5',
      sale_price: '',
      sku: '',
      stock_quantity: '',
    };
    expect(variationBody(row, attributes)).toEqual({
      attributes: [
        { name: 'Size', option: 'M' },
        { name: 'Color', option: '' },
      ],
      regular_price: '5',
      sale_price: '',
      sku: '',
      manage_stock: false,
    });
    expect(variationBody({ ...row, stock_quantity: '3' }, attributes)).toMatchObject({
      manage_stock: true,
      stock_quantity: 3,
    });
  });
});

describe('productErrors', () => {
  it('should place messages at the form fields, a taken SKU at SKU, and anything else under the empty key', () => {
    expect(
      productErrors({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): categories',
        data: { status: 400, params: { 'categories.0.id': 'Unknown category.', sale_price: 'Too high.' } },
      }),
    ).toEqual({ category_ids: 'Unknown category.', sale_price: 'Too high.' });
    expect(productErrors({ code: 'product_invalid_sku', message: 'Taken.', data: { status: 400 } })).toEqual({
      sku: 'Taken.',
    });
    expect(productErrors({ code: 'boom', message: 'Nope.' })).toEqual({ '': 'Nope.' });
  });
});

describe('categoryTree', () => {
  it('should list each parent followed by its children, orphans at the top level', () => {
    const c = (id: number, parent: number) => ({ id, parent, name: `c${id}` }) as Category;
    const tree = categoryTree([c(1, 0), c(2, 3), c(3, 0), c(4, 1), c(5, 99)]);
    expect(tree.map(({ category, depth }) => `${category.id}:${depth}`)).toEqual([
      '1:0',
      '4:1',
      '3:0',
      '2:1',
      '5:0',
    ]);
  });
});

import type { ProductInput, VariationInput } from '../catalog/products.service.js';
import { createProduct, createVariation } from '../catalog/products.service.js';
import { findCategoryBySlug } from '../catalog/categories.repository.js';
import { createCategory } from '../catalog/categories.service.js';
import { findRowBySku } from '../catalog/products.repository.js';
import { slugify } from '../catalog/slugs.js';
import { demoImagePath } from './demo-images.js';
import type { DemoStep, ShopContext } from '../shop-part.js';

/** Demo categories: slug prefix of their SKUs, name, description and simple products `[name, price in cents]`. */
const CATEGORIES: Array<{
  sku: string;
  name: string;
  description: string;
  products: Array<[string, number]>;
}> = [
  {
    sku: 'CLO',
    name: 'Clothing',
    description: 'Everyday clothes in organic cotton and merino.',
    products: [
      ['Merino Crew Sweater', 8900],
      ['Linen Button Shirt', 5900],
      ['Slim Chino Trousers', 6900],
      ['Rain Shell Jacket', 12900],
      ['Organic Cotton Socks (3 pack)', 1500],
      ['Wool Beanie', 2400],
      ['Denim Overshirt', 7400],
    ],
  },
  {
    sku: 'SHO',
    name: 'Shoes',
    description: 'Sneakers, boots and sandals.',
    products: [
      ['Leather Chelsea Boot', 15900],
      ['Canvas Low Sneaker', 5900],
      ['Trail Sandal', 4900],
      ['Suede Desert Boot', 13900],
      ['House Slipper', 3400],
      ['Waterproof Hiking Boot', 17900],
      ['Court Classic Sneaker', 7900],
    ],
  },
  {
    sku: 'ACC',
    name: 'Bags & Accessories',
    description: 'Bags, belts and small leather goods.',
    products: [
      ['Waxed Canvas Tote', 6400],
      ['Leather Card Wallet', 3900],
      ['Roll-top Backpack', 11900],
      ['Braided Leather Belt', 4500],
      ['Polarised Sunglasses', 8900],
      ['Silk Pocket Square', 2200],
      ['Weekender Duffel', 16900],
    ],
  },
  {
    sku: 'HOM',
    name: 'Home & Kitchen',
    description: 'Cookware, tableware and things for the home.',
    products: [
      ['Cast Iron Skillet 26 cm', 4900],
      ['Stoneware Mug', 1800],
      ['Pour-over Coffee Set', 3900],
      ['Chef Knife 20 cm', 8900],
      ['Linen Tea Towels (2 pack)', 1900],
      ['Oak Cutting Board', 4400],
      ['Ceramic Dinner Plate', 2100],
    ],
  },
  {
    sku: 'ELE',
    name: 'Electronics',
    description: 'Audio, charging and small gadgets.',
    products: [
      ['Wireless Earbuds', 9900],
      ['Bluetooth Speaker', 7900],
      ['USB-C Charger 65 W', 4900],
      ['Power Bank 10 000 mAh', 3900],
      ['Noise-cancelling Headphones', 24900],
      ['Mechanical Keyboard', 12900],
      ['E-ink Reader', 13900],
    ],
  },
  {
    sku: 'BOO',
    name: 'Books',
    description: 'Cookbooks, field guides and fiction.',
    products: [
      ['The Slow Kitchen', 2900],
      ['Field Guide to Mushrooms', 2400],
      ['Notes on Craft', 1900],
      ['A Year of Bread', 3200],
      ['City Walks: Lisbon', 1800],
      ['The Quiet Garden', 2600],
      ['Short Stories for Long Trains', 1600],
    ],
  },
  {
    sku: 'SPO',
    name: 'Sports & Outdoors',
    description: 'Gear for trails, water and the gym.',
    products: [
      ['Insulated Water Bottle', 2900],
      ['Trekking Poles (pair)', 6900],
      ['Camping Hammock', 5900],
      ['Resistance Bands Set', 2400],
      ['Headlamp 300 lm', 3400],
      ['Dry Bag 20 L', 2200],
      ['Foam Roller', 2900],
    ],
  },
  {
    sku: 'TOY',
    name: 'Toys & Games',
    description: 'Wooden toys, puzzles and board games.',
    products: [
      ['Wooden Train Set', 5400],
      ['1000-piece Puzzle: Harbour', 2200],
      ['Strategy Board Game', 4400],
      ['Stacking Rainbow', 3200],
      ['Card Game for Two', 1400],
      ['Kite for Beginners', 2600],
      ['Marble Run', 4900],
    ],
  },
];

/** Variable demo products: category SKU prefix, name, attributes, and variations `[options, price in cents]`. */
const VARIABLE: Array<{
  sku: string;
  category: string;
  name: string;
  attributes: Array<{ name: string; options: string[] }>;
  variations: Array<[Record<string, string>, number]>;
}> = [
  {
    sku: 'CLO-TEE',
    category: 'CLO',
    name: 'Classic T-Shirt',
    attributes: [
      { name: 'Color', options: ['White', 'Navy'] },
      { name: 'Size', options: ['S', 'M', 'L'] },
    ],
    variations: ['White', 'Navy'].flatMap((color) =>
      ['S', 'M', 'L'].map((size): [Record<string, string>, number] => [
        { Color: color, Size: size },
        size === 'L' ? 2700 : 2500,
      ]),
    ),
  },
  {
    sku: 'CLO-HOOD',
    category: 'CLO',
    name: 'Fleece Hoodie',
    attributes: [{ name: 'Size', options: ['S', 'M', 'L'] }],
    variations: [
      [{ Size: 'S' }, 6500],
      [{ Size: 'M' }, 6500],
      [{ Size: 'L' }, 6900],
    ],
  },
  {
    sku: 'SHO-RUN',
    category: 'SHO',
    name: 'Road Running Shoe',
    attributes: [{ name: 'Size', options: ['40', '41', '42', '43'] }],
    variations: [
      [{ Size: '40' }, 11900],
      [{ Size: '41' }, 11900],
      [{ Size: '42' }, 11900],
      [{ Size: '43' }, 11900],
    ],
  },
  {
    sku: 'SPO-MAT',
    category: 'SPO',
    name: 'Yoga Mat',
    attributes: [{ name: 'Color', options: ['Sage', 'Charcoal', 'Clay'] }],
    variations: [
      [{ Color: 'Sage' }, 3900],
      [{ Color: 'Charcoal' }, 3900],
      [{ Color: 'Clay' }, 4200],
    ],
  },
];

/**
 * `storeside demo` catalog step: 8 categories and 62 products (simple, variable with variations, one grouped,
 * one external; some on sale, some out of stock), keyed by SKU so a second run adds nothing.
 */
export function catalogDemoStep(ctx: ShopContext): DemoStep {
  return async ({ print }) => {
    const categoryIds = new Map<string, number>();
    for (const c of CATEGORIES) {
      const existing = await findCategoryBySlug(ctx.db, slugify(c.name));
      categoryIds.set(
        c.sku,
        existing?.id ?? (await createCategory(ctx, { name: c.name, description: c.description })).id,
      );
    }
    let created = 0;
    const ensure = async (sku: string, input: ProductInput, variations: VariationInput[] = []) => {
      const found = await findRowBySku(ctx.db, sku);
      if (found) return found.id;
      const product = await createProduct(ctx, { ...input, sku });
      for (const v of variations) await createVariation(ctx, product.id, v);
      created++;
      return product.id;
    };
    let n = 0;
    for (const c of CATEGORIES)
      for (const [i, [name, price]] of c.products.entries()) {
        n++;
        const outOfStock = n % 11 === 4;
        await ensure(`${c.sku}-${String(i + 1).padStart(3, '0')}`, {
          name,
          regular_price: price,
          // Every fifth product is on sale at 20 % off (rounded to whole cents).
          sale_price: n % 5 === 0 ? Math.round(price * 0.8) : null,
          description: `<p>${name}: part of our ${c.name.toLowerCase()} range. ${c.description}</p>`,
          short_description: `${name}, made to last.`,
          category_ids: [categoryIds.get(c.sku)!],
          images: [{ src: imageUrl(name), alt: name }],
          manage_stock: true,
          stock_quantity: outOfStock ? 0 : 20 + ((n * 37) % 100),
        });
      }
    for (const v of VARIABLE)
      await ensure(
        v.sku,
        {
          name: v.name,
          type: 'variable',
          description: `<p>${v.name} in several ${v.attributes.map((a) => a.name.toLowerCase()).join(' and ')} options.</p>`,
          short_description: `${v.name}: pick your ${v.attributes.map((a) => a.name.toLowerCase()).join(' and ')}.`,
          category_ids: [categoryIds.get(v.category)!],
          images: [{ src: imageUrl(v.name), alt: v.name }],
          attributes: v.attributes.map((a) => ({ ...a, variation: true })),
        },
        v.variations.map(([attributes, price], i) => ({
          sku: `${v.sku}-${Object.values(attributes).join('-').toUpperCase()}`,
          regular_price: price,
          sale_price: v.sku === 'CLO-HOOD' ? Math.round(price * 0.85) : null,
          attributes: Object.entries(attributes).map(([name, option]) => ({ name, option })),
          manage_stock: true,
          stock_quantity: i === 1 && v.sku === 'SHO-RUN' ? 0 : 15 + i * 3,
        })),
      );
    const kitchen = await Promise.all(
      ['HOM-001', 'HOM-003', 'HOM-006'].map((sku) => findRowBySku(ctx.db, sku)),
    );
    await ensure('HOM-SET', {
      name: 'Kitchen Starter Set',
      type: 'grouped',
      description: '<p>Skillet, pour-over set and cutting board: everything for a first kitchen.</p>',
      category_ids: [categoryIds.get('HOM')!],
      images: [{ src: imageUrl('Kitchen Starter Set'), alt: 'Kitchen Starter Set' }],
      grouped_products: kitchen.flatMap((k) => (k ? [k.id] : [])),
    });
    await ensure('ELE-WATCH-EXT', {
      name: 'Smart Watch (partner store)',
      type: 'external',
      regular_price: 29900,
      description: '<p>Sold and shipped by our partner.</p>',
      category_ids: [categoryIds.get('ELE')!],
      images: [{ src: imageUrl('Smart Watch'), alt: 'Smart Watch' }],
      external_url: 'https://partner.example.com/smart-watch',
      button_text: 'Buy at partner store',
    });
    print(
      created === 0
        ? 'Demo catalog: already seeded.'
        : `Demo catalog: ${created} products created in ${CATEGORIES.length} categories.`,
    );
  };
}

function imageUrl(name: string): string {
  return demoImagePath(slugify(name));
}

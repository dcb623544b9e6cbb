import { createHash } from 'node:crypto';
import { BASE_STYLESHEET } from './base-stylesheet.js';

const version = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** The island that runs every table on a page (`storefront/islands/product-tables.ts`). */
export const TABLE_ISLAND = 'product-tables';

/** The storefront's stylesheet, with a content-hash version so browsers cache it for good. */
export const STYLESHEET = {
  path: '/product-tables/assets/product-tables.css',
  body: BASE_STYLESHEET,
  version: version(BASE_STYLESHEET),
  type: 'text/css; charset=utf-8',
} as const;

/** The versioned URL path of the stylesheet. */
export function stylesheetUrl(): string {
  return `${STYLESHEET.path}?v=${STYLESHEET.version}`;
}

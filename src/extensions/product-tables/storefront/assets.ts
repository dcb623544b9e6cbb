import { createHash } from 'node:crypto';
import { BASE_STYLESHEET } from './base-stylesheet.js';
import { CLIENT_SCRIPT } from './client-script.js';

const version = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** The storefront's static files, with content-hash versions so browsers cache them for good. */
export const ASSETS = {
  css: {
    path: '/product-tables/assets/product-tables.css',
    body: BASE_STYLESHEET,
    version: version(BASE_STYLESHEET),
    type: 'text/css; charset=utf-8',
  },
  js: {
    path: '/product-tables/assets/product-tables.js',
    body: CLIENT_SCRIPT,
    version: version(CLIENT_SCRIPT),
    type: 'text/javascript; charset=utf-8',
  },
} as const;

/** The versioned URL path of an asset. */
export function assetUrl(asset: keyof typeof ASSETS): string {
  return `${ASSETS[asset].path}?v=${ASSETS[asset].version}`;
}

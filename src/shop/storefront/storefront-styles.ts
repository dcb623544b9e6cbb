import { createHash } from 'node:crypto';

// The storefront's one stylesheet: readable type, a responsive grid, visible focus, WooCommerce's class names.
const CSS = `
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e1e1e;background:#fff}
a{color:#1d4ed8}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.skip-link{position:absolute;left:-9999px}.skip-link:focus{left:8px;top:8px;background:#fff;padding:8px 12px;z-index:10}
.site-header{border-bottom:1px solid #e5e7eb;background:#f9fafb}
.site-header .inner,.site-main,.site-footer .inner{max-width:1120px;margin:0 auto;padding:12px 16px}
.site-header .inner{display:flex;flex-wrap:wrap;gap:12px 24px;align-items:center}
.site-title{font-size:22px;font-weight:700;text-decoration:none;color:#111}
.site-nav ul{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;margin:0;padding:0}
.site-search{display:flex;gap:6px;margin-left:auto}
.site-search input{padding:6px 8px;border:1px solid #6b7280;border-radius:4px;min-width:200px}
.header-links{display:flex;gap:16px}
.screen-reader-text{border:0;clip-path:inset(50%);height:1px;margin:-1px;overflow:hidden;padding:0;position:absolute;width:1px}
.button,button{display:inline-block;background:#1d4ed8;color:#fff;border:1px solid #1d4ed8;border-radius:4px;padding:8px 14px;font:inherit;cursor:pointer;text-decoration:none}
.button.secondary,button.secondary{background:#fff;color:#1d4ed8}
.notices{margin:0 0 16px}
.notice{border-left:4px solid #1d4ed8;background:#eff6ff;padding:10px 14px;margin:0 0 8px}
.notice.error{border-left-color:#b91c1c;background:#fef2f2}
.notice.success{border-left-color:#15803d;background:#f0fdf4}
.products{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:24px;list-style:none;margin:0;padding:0}
.product-card{display:flex;flex-direction:column;gap:6px}
.product-card img,.product-image img{width:100%;height:auto;aspect-ratio:1;object-fit:cover;background:#f3f4f6;border-radius:4px}
.product-card h2{font-size:17px;margin:0}
.price del{color:#6b7280}.price ins{text-decoration:none;font-weight:700}
.rating{color:#92400e;font-size:14px}
.shop-toolbar{display:flex;flex-wrap:wrap;gap:12px;justify-content:space-between;align-items:center;margin:0 0 16px}
.pagination ul{display:flex;gap:8px;list-style:none;padding:0}
.pagination a,.pagination span{display:inline-block;padding:4px 10px;border:1px solid #d1d5db;border-radius:4px}
.product-layout{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:32px}
@media (max-width:760px){.product-layout{grid-template-columns:1fr}.site-search{margin-left:0}}
.field{display:flex;flex-direction:column;gap:4px;margin:0 0 12px}
.field input,.field select,.field textarea{padding:8px;border:1px solid #6b7280;border-radius:4px;font:inherit}
.field-error{color:#b91c1c;font-size:14px}
table.shop-table{width:100%;border-collapse:collapse;margin:0 0 16px}
.shop-table th,.shop-table td{text-align:left;padding:8px;border-bottom:1px solid #e5e7eb;vertical-align:middle}
.shop-table td.num,.shop-table th.num{text-align:right}
.quantity input{width:5em}
.checkout-layout{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:32px}
@media (max-width:760px){.checkout-layout{grid-template-columns:1fr}}
fieldset{border:1px solid #e5e7eb;border-radius:4px;margin:0 0 16px;padding:12px 16px}
.site-footer{border-top:1px solid #e5e7eb;margin-top:48px;color:#4b5563;font-size:14px}
.account-layout{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,4fr);gap:32px}
.account-nav ul{list-style:none;margin:0;padding:0}.account-nav li{border-bottom:1px solid #e5e7eb}.account-nav a{display:block;padding:8px 0}.account-nav a[aria-current=page]{font-weight:700;color:#111}
.account-forms{display:grid;grid-template-columns:1fr 1fr;gap:32px}
@media (max-width:760px){.account-layout,.account-forms{grid-template-columns:1fr}}
`;

/** The stylesheet's URL: its content hash makes it cacheable forever. */
export const STOREFRONT_CSS_URL = `/assets/storefront.${createHash('sha256').update(CSS).digest('hex').slice(0, 10)}.css`;

/** The stylesheet's text. */
export const STOREFRONT_CSS = CSS;

/** The image of a product without one: a neutral square with a simple bag outline. */
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300"><rect width="300" height="300" fill="#f3f4f6"/><path d="M105 120h90l-8 90h-74z" fill="none" stroke="#9ca3af" stroke-width="6" stroke-linejoin="round"/><path d="M125 120v-12a25 25 0 0 1 50 0v12" fill="none" stroke="#9ca3af" stroke-width="6"/></svg>`;

import type { ShopApi, ShopProduct } from '../../../shop/shop-api.js';
import type { TableConfig } from '../config/table-config.schemas.js';
import { addToCartCell, isBulkSelectable } from './add-to-cart-cell.js';
import { html, type SafeHtml, safeUrl, trustedHtml } from '../../../platform/http/html.js';
import { cssIdent, styleText } from './css-text.js';
import { type CellContext, cellContent } from './table-cells.js';
import { displayOrder } from '../config/column-order.js';
import { tableCss } from './table-styles.js';
import type { RenderQuery } from './table-query.js';

/** Everything the markup of one table needs (no I/O happens while rendering). */
export interface TableView {
  /** `producttables-table-<id>` (or `…-preview-<n>`). */
  wrapperId: string;
  tableId: number | null;
  config: TableConfig;
  products: ShopProduct[];
  total: number;
  page: number;
  /** Children of the grouped products on this page. */
  children: ReadonlyMap<number, ShopProduct>;
  /** Category choices of the filter bar. */
  categories: Array<{ slug: string; name: string }>;
  query: RenderQuery;
  /** Base URL of page links (the page showing the table). */
  pageUrl: string;
  addToCartText: string;
  shop: Pick<ShopApi, 'priceHtml' | 'formatMoney' | 'currency'>;
}

/** The visitor's cart lines: `[cartKey, {productId, variationId, quantity, attributes}]`. */
export type CartLines = Array<
  [string, { productId: number; variationId: number; quantity: number; attributes: Record<string, string> }]
>;

/** What differs per visitor: the script's endpoints, the Store API nonce and the visitor's cart. */
export interface VisitorParts {
  renderUrl: string;
  storeApiUrl: string;
  cartUrl: string;
  storeNonce: string;
  cart: CartLines;
}

/**
 * The rendered parts of a table. The whole markup (reference §3.2) is `head` + the visitor's attributes and
 * cart data + `tail` (see `previewHead`, `visitorHtml`), so everything but the visitor's part can be cached.
 */
export interface RenderedTable extends TableHead, TableBody {}

/** The style-dependent start of a table's markup (see `renderTableHead`). */
export interface TableHead {
  /** Scoped CSS of the table (also inside the markup). */
  css: string;
  /** `<style>` and the wrapper's opening tag up to its visitor attributes. */
  head: string;
}

/** The rest of a table's markup, which no style setting changes (see `renderTableBody`). */
export interface TableBody {
  /** Filters, toolbar, table, pagination, lightbox and the wrapper's end. */
  tail: string;
  /** The `<tbody>` rows only (what the public render endpoint returns for script updates). */
  rows: string;
  /** The pagination markup (empty when there is one page). */
  pagination: string;
  totalPages: number;
}

const CART_ICON = html`<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.9c.8 0 1.4-.4 1.7-1l3.6-6.5L20.7 5H6.2l-.9-2H1v2h3l3.6 7.6L6.2 15c-.7 1.3.2 3 1.8 3h12v-2H8l1.2-2z"/></svg>`;

/**
 * The scoped CSS and the wrapper's opening tag: the only parts of the markup that depend on `config.style`
 * (and on the wrapper id), so a style change re-renders these and reuses the body.
 */
export function renderTableHead(
  view: Pick<TableView, 'wrapperId' | 'tableId' | 'config' | 'pageUrl' | 'addToCartText' | 'shop'>,
): TableHead {
  const { config } = view;
  const { features } = config.settings;
  const bulk = features.bulkSelect.enabled;
  const css = tableCss({
    wrapperId: view.wrapperId,
    style: config.style,
    columns: visibleColumns(config),
    bulkWidth: bulk ? features.bulkSelect.width : null,
  });
  const features_ = {
    variationBadges: features.variationBadges,
    clearAllButton: features.clearAllButton,
    cartEnabled: true,
  };
  // The style element's text is CSS, not HTML: `styleText` keeps it from closing the element.
  const head =
    html`<style id="${view.wrapperId}-css">${trustedHtml(styleText(css))}</style><div class="producttables-wrapper" id="${view.wrapperId}" data-table-id="${view.tableId ?? ''}" data-select-position="${features.bulkSelect.position}" data-responsive="${config.style.responsive.mode === 'scroll' ? 'scroll' : 'stack'}" data-features="${JSON.stringify(features_)}" data-page-url="${safeUrl(view.pageUrl)}" data-currency="${JSON.stringify({ symbol: view.shop.currency.symbol, decimals: view.shop.currency.minorUnit })}" data-add-text="${view.addToCartText}"`
      .text;
  return { css, head };
}

/** Renders the controls, rows, pagination and lightbox of a table view (everything but `config.style`). */
export function renderTableBody(view: Omit<TableView, 'wrapperId'>): TableBody {
  const { config } = view;
  const { features } = config.settings;
  const columns = visibleColumns(config);
  const bulk = features.bulkSelect.enabled;
  const selectFirst = bulk && features.bulkSelect.position === 'first';
  const limit = config.settings.pagination.limit;
  const totalPages = features.pagination ? Math.max(1, Math.ceil(view.total / limit)) : 1;
  const cellCx: CellContext = {
    shop: view.shop,
    lightbox: features.lightbox,
    showChildCount: features.showChildCount,
    categoryHref: (slug) => pageHref(view.pageUrl, { product_cat: [slug] }),
    tagHref: (slug) => pageHref(view.pageUrl, { product_tag: [slug] }),
  };
  const cartCx = {
    shop: view.shop,
    addToCartText: view.addToCartText,
    showQuantity: config.settings.cart.showQuantity,
    children: view.children,
  };

  // Column and visibility classes only (every byte repeats on each of up to 500 rows).
  const colClasses = columns.map(
    (c) =>
      `producttables-col-${cssIdent(c.id)}${c.advanced.visibility === 'default' || c.advanced.visibility === 'all' ? '' : ` producttables-vis-${c.advanced.visibility}`}`,
  );
  const selectHead = bulk
    ? html`<th class="producttables-col-select" scope="col"><input type="checkbox" class="producttables-select-all" aria-label="Select all products"></th>`
    : '';
  const heads = columns.map(
    (c, i) =>
      html`<th class="${colClasses[i]}" scope="col">${c.advanced.showHeading ? c.heading : html`<span class="producttables-sr-only">${c.heading}</span>`}</th>`,
  );
  const thead = html`<thead><tr>${selectFirst ? selectHead : ''}${heads}${bulk && !selectFirst ? selectHead : ''}</tr></thead>`;

  const rowList = view.products.map((product) => {
    const cells = columns.map((c, i) => {
      const inner =
        c.type === 'button'
          ? addToCartCell(product, cartCx)
          : cellContent(c.type, c.settings, product, cellCx);
      return html`<td class="${colClasses[i]}" data-label="${c.type === 'image' ? '' : c.heading}">${inner}</td>`;
    });
    const select = bulk ? selectCell(product, view) : '';
    return html`<tr data-product-type="${product.type}" data-product-id="${product.id}" data-in-stock="${product.stock_status === 'outofstock' ? 0 : 1}">${selectFirst ? select : ''}${cells}${bulk && !selectFirst ? select : ''}</tr>`;
  });
  const rows =
    view.products.length === 0
      ? html`<tr class="producttables-empty"><td colspan="${columns.length + (bulk ? 1 : 0)}">No products found.</td></tr>`
      : html`${rowList}`;

  const pagination = features.pagination && totalPages > 1 ? paginationMarkup(view, totalPages) : '';
  const position = config.settings.pagination.position;
  const paginationTop = position === 'top' || position === 'both';
  const paginationBottom = position === 'bottom' || position === 'both';
  const tail = html`${controls(view)}<div class="producttables-pagination-slot producttables-pagination-top" data-enabled="${paginationTop ? 1 : 0}">${paginationTop ? pagination : ''}</div><div class="producttables-table-scroll"><table class="producttables-table">${thead}<tbody>${rows}</tbody></table></div><div class="producttables-pagination-slot producttables-pagination-bottom" data-enabled="${paginationBottom ? 1 : 0}">${paginationBottom ? pagination : ''}</div>${features.lightbox ? LIGHTBOX : ''}</div>`;
  return {
    tail: tail.text,
    rows: rows.text,
    pagination: pagination === '' ? '' : pagination.text,
    totalPages,
  };
}

const LIGHTBOX = html`<dialog class="producttables-lightbox" aria-label="Image"><div class="producttables-lightbox-bar"><button type="button" class="producttables-lightbox-full" aria-label="Full screen">⤢</button><button type="button" class="producttables-lightbox-close" aria-label="Close">×</button></div><img class="producttables-lightbox-img" alt=""></dialog>`;

/** The admin preview's markup up to `tail` (no visitor, no script endpoints): the whole is this + `tail`. */
export function previewHead(table: TableHead): string {
  return `${table.head} data-preview="1">${cartData([])}`;
}

/** The whole markup for a visitor: the script's endpoints, their Store API nonce and their cart. */
export function visitorHtml(table: RenderedTable, visitor: VisitorParts): string {
  return `${table.head}${visitorSegment(visitor)}${table.tail}`;
}

/** The visitor's part between `head` and `tail`: the wrapper's script attributes and the cart data. */
export function visitorSegment(visitor: VisitorParts): string {
  return html` data-render-url="${safeUrl(visitor.renderUrl)}" data-store-api="${safeUrl(visitor.storeApiUrl)}" data-store-nonce="${visitor.storeNonce}" data-cart-url="${safeUrl(visitor.cartUrl)}">${trustedHtml(cartData(visitor.cart))}`
    .text;
}

function cartData(cart: CartLines): string {
  return html`<div class="producttables-cart-data" hidden data-cart="${JSON.stringify(cart)}"></div>`.text;
}

/** A page link keeping the visitor's search and filters. */
export function pageHref(base: string, query: RenderQuery): string {
  const params = new URLSearchParams();
  if (query.s) params.set('s', query.s);
  if (query.product_cat && query.product_cat.length > 0)
    params.set('product_cat', query.product_cat.join(','));
  if (query.product_tag && query.product_tag.length > 0)
    params.set('product_tag', query.product_tag.join(','));
  if (query.product_type) params.set('product_type', query.product_type);
  if (query.paged && query.paged > 1) params.set('paged', String(query.paged));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

function visibleColumns(config: TableConfig): TableConfig['columns'] {
  return displayOrder(config.columns).filter((c) => c.advanced.visibility !== 'none');
}

function selectCell(product: ShopProduct, view: Pick<TableView, 'shop'>): SafeHtml {
  const enabled = isBulkSelectable(product);
  return html`<td class="producttables-col-select" data-label=""><input type="checkbox" class="producttables-select" value="${product.id}" data-price="${view.shop.formatMoney(product.price)}" aria-label="${`Select ${product.name}`}"${enabled ? '' : ' disabled'}></td>`;
}

const PRODUCT_TYPES = [
  ['simple', 'Simple product'],
  ['variable', 'Variable product'],
  ['grouped', 'Grouped product'],
  ['external', 'External/Affiliate product'],
] as const;

function controls(view: Omit<TableView, 'wrapperId'>): SafeHtml {
  const { features, filters } = view.config.settings;
  let filterBar: SafeHtml | '' = '';
  if (filters.enabled && (filters.showCategory || filters.showType)) {
    const selected = new Set(view.query.product_cat ?? []);
    const cats = filters.showCategory
      ? html`<details class="producttables-filter-cats"><summary>${selected.size > 0 ? `${selected.size} selected` : 'All Categories'}</summary><div class="producttables-filter-options">${view.categories.map(
          (c) =>
            html`<label><input type="checkbox" name="product_cat" value="${c.slug}"${selected.has(c.slug) ? ' checked' : ''}> ${c.name}</label>`,
        )}</div></details>`
      : '';
    const types = filters.showType
      ? html`<select class="producttables-filter-type" name="product_type" aria-label="Product type"><option value="">All Types</option>${PRODUCT_TYPES.map(
          ([value, label]) =>
            html`<option value="${value}"${view.query.product_type === value ? ' selected' : ''}>${label}</option>`,
        )}</select>`
      : '';
    filterBar = html`<div class="producttables-filters"><span class="producttables-filters-heading">Filter</span>${cats}${types}<button type="submit" class="producttables-filter-apply">Apply</button><button type="button" class="producttables-filter-clear">Clear</button></div>`;
  }
  // A tag chosen from a `tax` column's link stays on while searching or filtering (Clear drops it).
  const tag = view.query.product_tag?.length
    ? html`<input type="hidden" name="product_tag" class="producttables-filter-tag" value="${view.query.product_tag.join(',')}">`
    : '';
  const bulkButtons = features.bulkSelect.enabled
    ? html`<button type="button" class="producttables-btn producttables-bulk-add" disabled>${CART_ICON}<span class="producttables-bulk-label">${view.addToCartText}</span></button>${features.selectedItemsPanel.enabled ? PANEL_TOGGLE : ''}${features.clearAllButton ? SELECTION_CLEAR : ''}`
    : '';
  const search = features.search
    ? html`<div class="producttables-search" role="search"><input type="search" name="s" class="producttables-search-input" placeholder="Search products..." value="${view.query.s ?? ''}" aria-label="Search products" maxlength="200"><button type="button" class="producttables-search-clear" aria-label="Clear search">×</button></div>`
    : '';
  const panel = features.bulkSelect.enabled && features.selectedItemsPanel.enabled ? SELECTED_PANEL : '';
  if (filterBar === '' && tag === '' && bulkButtons === '' && search === '') return html`${panel}${NOTICE}`;
  return html`<form class="producttables-controls" method="get" action="${safeUrl(view.pageUrl)}">${filterBar}<div class="producttables-toolbar">${tag}${bulkButtons}${search}</div></form>${panel}${NOTICE}`;
}

const PANEL_TOGGLE = html`<button type="button" class="producttables-panel-toggle" aria-expanded="false">View (<span class="producttables-selected-count">0</span>)</button>`;
const SELECTION_CLEAR = html`<button type="button" class="producttables-selection-clear" hidden>Clear</button>`;
const SELECTED_PANEL = html`<div class="producttables-selected-panel" hidden><ul class="producttables-selected-list"></ul><button type="button" class="producttables-btn producttables-panel-add">Add All to Cart</button></div>`;
const NOTICE = html`<div class="producttables-notice" role="status" aria-live="polite"></div>`;

function paginationMarkup(view: Omit<TableView, 'wrapperId'>, totalPages: number): SafeHtml {
  const mode = view.config.settings.pagination.mode;
  const current = Math.min(view.page, totalPages);
  const href = (page: number) => pageHref(view.pageUrl, { ...view.query, paged: page });
  const nav = (links: SafeHtml | '') =>
    html`<nav class="producttables-pagination" data-mode="${mode}" data-current="${current}" data-total="${totalPages}" aria-label="Table pages">${links}</nav>`;
  if (mode === 'load_more' || mode === 'infinite')
    return nav(
      current < totalPages
        ? html`<a class="producttables-btn producttables-load-more" href="${href(current + 1)}" data-page="${current + 1}">Load more</a>`
        : '',
    );
  const pages = new Set([1, totalPages]);
  for (let p = Math.max(1, current - 2); p <= Math.min(totalPages, current + 2); p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const links: SafeHtml[] = [];
  if (current > 1)
    links.push(
      html`<a class="producttables-page-prev" href="${href(current - 1)}" data-page="${current - 1}" aria-label="Previous page">«</a>`,
    );
  let previous = 0;
  for (const p of sorted) {
    if (p - previous > 1) links.push(PAGE_GAP);
    links.push(
      p === current
        ? html`<span class="producttables-page current" aria-current="page">${p}</span>`
        : html`<a class="producttables-page" href="${href(p)}" data-page="${p}">${p}</a>`,
    );
    previous = p;
  }
  if (current < totalPages)
    links.push(
      html`<a class="producttables-page-next" href="${href(current + 1)}" data-page="${current + 1}" aria-label="Next page">»</a>`,
    );
  return nav(html`${links}`);
}

const PAGE_GAP = html`<span class="producttables-page-gap">…</span>`;

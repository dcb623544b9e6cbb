import type { ShopApi, ShopProduct } from '../../../shop/shop-api.js';
import type { TableColumn } from '../config/table-config.schemas.js';
import { html, type SafeHtml, safeUrl, trustedHtml } from '../../../platform/http/html.js';

/** What cell renderers need besides the product. */
export interface CellContext {
  shop: Pick<ShopApi, 'priceHtml' | 'formatMoney' | 'currency'>;
  /** Lightbox on: images open the dialog instead of linking. */
  lightbox: boolean;
  showChildCount: boolean;
  /** Link of a category filter on this table's page (for `tax` columns linking to the archive). */
  categoryHref: (slug: string) => string;
  /** Link of a tag filter on this table's page. */
  tagHref: (slug: string) => string;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const IMAGE_PIXELS = { thumbnail: 64, medium: 150, large: 300, full: 0 } as const;

/** The inner HTML of a non-button cell ('' when it has none). */
export function cellContent(
  type: Exclude<TableColumn['type'], 'button'>,
  settings: TableColumn['settings'],
  product: ShopProduct,
  cx: CellContext,
): SafeHtml | '' {
  switch (type) {
    case 'image':
      return imageCell(product, settings, cx);
    case 'name':
      return nameCell(product, settings, cx);
    case 'price':
      return html`<span class="producttables-price">${trustedHtml(cx.shop.priceHtml(product))}</span>`;
    case 'sku':
      return product.sku ? html`<span class="producttables-sku">${product.sku}</span>` : '';
    case 'stock':
      return stockCell(product);
    case 'summary':
      return html`<span class="producttables-summary">${firstWords(product.short_description, settings.wordLimit ?? 10)}</span>`;
    case 'date':
      return html`<time datetime="${product.date_created}">${formatDate(product.date_created)}</time>`;
    case 'tax':
      return taxCell(product, settings, cx);
    case 'rating':
      return ratingCell(product, settings.displayFormat ?? 'stars');
    case 'cf':
      return customFieldCell(product, settings.metaKey ?? '');
    case 'combined':
      return combinedCell(product, settings, cx);
  }
}

function imageCell(product: ShopProduct, settings: TableColumn['settings'], cx: CellContext): SafeHtml {
  const image = product.images[0];
  if (!image) return NO_IMAGE;
  const size = settings.imageSize ?? 'thumbnail';
  const px = IMAGE_PIXELS[size];
  const dims = px > 0 ? html` width="${px}" height="${px}"` : '';
  const img = html`<img src="${safeUrl(image.src)}" alt="${image.alt || product.name}"${dims} loading="lazy">`;
  if (cx.lightbox) return html`<button type="button" class="producttables-lightbox-open">${img}</button>`;
  if (settings.linkTarget === 'none') return img;
  return html`<a href="${safeUrl(product.permalink)}">${img}</a>`;
}

function nameCell(product: ShopProduct, settings: TableColumn['settings'], cx: CellContext): SafeHtml {
  const name =
    settings.linkTarget === 'none'
      ? html`<span class="producttables-name">${product.name}</span>`
      : html`<a class="producttables-name" href="${safeUrl(product.permalink)}">${product.name}</a>`;
  const children =
    product.type === 'variable'
      ? product.variations.length
      : product.type === 'grouped'
        ? product.grouped_products.length
        : 0;
  if (!cx.showChildCount || children === 0) return name;
  return html`${name}<span class="producttables-child-count">${children} option${children === 1 ? '' : 's'} available</span>`;
}

function stockCell(product: ShopProduct): SafeHtml {
  if (product.stock_status === 'outofstock')
    return html`<span class="producttables-stock producttables-stock-out">Out of stock</span>`;
  if (product.stock_status === 'onbackorder')
    return html`<span class="producttables-stock producttables-stock-backorder">On backorder</span>`;
  const text =
    product.manage_stock && product.stock_quantity !== null
      ? `${product.stock_quantity} in stock`
      : 'In stock';
  return html`<span class="producttables-stock producttables-stock-in">${text}</span>`;
}

// Categories and tags link to this table filtered by the term; a global attribute's terms (pa_…) are plain text.
function taxCell(product: ShopProduct, settings: TableColumn['settings'], cx: CellContext): SafeHtml {
  const taxonomy = settings.taxonomy ?? 'product_cat';
  if (taxonomy.startsWith('pa_'))
    return joined(
      (product.attributes.find((a) => a.taxonomy === taxonomy)?.options ?? []).map(
        (o) => html`<span class="producttables-term">${o}</span>`,
      ),
      ', ',
    );
  const [terms, href] =
    taxonomy === 'product_tag' ? [product.tags, cx.tagHref] : [product.categories, cx.categoryHref];
  return joined(
    terms.map((c) =>
      settings.linkToArchive
        ? html`<a class="producttables-term" href="${safeUrl(href(c.slug))}">${c.name}</a>`
        : html`<span class="producttables-term">${c.name}</span>`,
    ),
    ', ',
  );
}

function ratingCell(product: ShopProduct, format: 'stars' | 'woocommerce' | 'text'): SafeHtml {
  const rating = Math.max(0, Math.min(5, product.average_rating));
  if (rating === 0) return html`<span class="producttables-rating producttables-no-rating">No ratings</span>`;
  const shown = rating.toFixed(2);
  const percent = Math.round((rating / 5) * 1000) / 10;
  if (format === 'text')
    return html`<span class="producttables-rating">Rated ${rating.toFixed(1)} out of 5</span>`;
  if (format === 'woocommerce')
    return html`<div class="star-rating" role="img" aria-label="Rated ${shown} out of 5"><span style="width:${percent}%">Rated <strong class="rating">${shown}</strong> out of 5</span></div>`;
  return html`<span class="producttables-stars" role="img" aria-label="Rated ${shown} out of 5"><span class="producttables-stars-fill" style="width:${percent}%">${STARS}</span>${STARS}</span>`;
}

const STAR =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"/></svg>';
const STARS = trustedHtml(STAR.repeat(5));
const NO_IMAGE = html`<span class="producttables-no-image" aria-hidden="true"></span>`;

function customFieldCell(product: ShopProduct, key: string): SafeHtml | '' {
  const wanted = key.toLowerCase();
  const attribute = product.attributes.find((a) => a.name.toLowerCase() === wanted);
  return attribute ? html`<span class="producttables-cf">${attribute.options.join(', ')}</span>` : '';
}

function combinedCell(product: ShopProduct, settings: TableColumn['settings'], cx: CellContext): SafeHtml {
  const tag = trustedHtml(settings.layout === 'block' ? 'div' : 'span');
  const parts = (settings.elements ?? []).flatMap((element) => {
    const inner = cellContent(element.type, {}, product, cx);
    if (inner === '' || inner.text === '') return [];
    return [
      html`<${tag} class="producttables-combined-part">${element.settings?.prefix ?? ''}${inner}${element.settings?.suffix ?? ''}</${tag}>`,
    ];
  });
  return joined(parts, settings.layout === 'block' ? '' : (settings.separator ?? ' '));
}

/** Markup parts joined by a text separator (escaped like any text). */
function joined(parts: readonly SafeHtml[], separator: string): SafeHtml {
  return html`${parts.map((part, i) => (i === 0 ? part : html`${separator}${part}`))}`;
}

/** The first `limit` words of a description, tags removed (an ellipsis when cut). */
export function firstWords(markup: string, limit: number): string {
  const words = decodeBasicEntities(markup.replace(/<[^>]*>/g, ' '))
    .split(/\s+/)
    .filter((w) => w !== '');
  return words.length > limit ? `${words.slice(0, limit).join(' ')}…` : words.join(' ');
}

function decodeBasicEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** `2026-01-05T10:00:00` → `January 5, 2026`. */
export function formatDate(value: string): string {
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}

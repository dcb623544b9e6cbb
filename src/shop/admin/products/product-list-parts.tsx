import { __, sprintf } from '@wordpress/i18n';
import { boot } from '../../../admin/boot.js';
import { optionLabel, type Product, productStatusOptions, stockStatusOptions } from './products-client.js';

/** A decimal amount of the shop's currency, formatted for the reader (`"19.5"` → `$19.50`). */
export function formatMoney(amount: string): string {
  const value = Number(amount);
  if (amount.trim() === '' || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: boot.currency }).format(value);
}

/** The Price cell: the sale price after the struck regular one, "From" for a variable product, "–" for none. */
export function PriceCell({ product }: { product: Product }) {
  if (product.price === '') return <span className="storeside-muted">–</span>;
  if (product.type === 'variable')
    return <>{sprintf(__('From %s', 'storeside'), formatMoney(product.price))}</>;
  if (product.on_sale)
    return (
      <>
        <del>
          <span className="screen-reader-text">{__('Original price:', 'storeside')} </span>
          {formatMoney(product.regular_price)}
        </del>{' '}
        <ins>
          <span className="screen-reader-text">{__('Sale price:', 'storeside')} </span>
          {formatMoney(product.price)}
        </ins>
      </>
    );
  return <>{formatMoney(product.price)}</>;
}

/** The Stock cell: the stock status, with the quantity when stock is managed. */
export function StockCell({ product }: { product: Product }) {
  const label = optionLabel(stockStatusOptions(), product.stock_status);
  return (
    <span className={`storeside-stock ${product.stock_status}`}>
      {product.manage_stock && product.stock_quantity !== null
        ? `${label} (${product.stock_quantity})`
        : label}
    </span>
  );
}

/** A product's status beside its name when it is not published (" — Draft"), as WordPress lists posts. */
export function statusSuffix(product: Product): string {
  return product.status === 'publish' ? '' : ` — ${optionLabel(productStatusOptions(), product.status)}`;
}

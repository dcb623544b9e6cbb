import { __ } from '@wordpress/i18n';
import type { ColumnType, TableColumn, TableSource, TableStatus } from '../config/table-config.schemas.js';

type Visibility = TableColumn['advanced']['visibility'];

/** A select's options from a value → label map. */
export function optionsOf<T extends string>(labels: Record<T, string>): Array<{ value: T; label: string }> {
  return (Object.entries(labels) as Array<[T, string]>).map(([value, label]) => ({ value, label }));
}

/** The label of each column type (the type's default heading too). */
export const COLUMN_TYPE_LABELS: Record<ColumnType, string> = {
  image: __('Image', 'storeside'),
  name: __('Product name', 'storeside'),
  price: __('Price', 'storeside'),
  sku: __('SKU', 'storeside'),
  stock: __('Stock', 'storeside'),
  button: __('Add to cart', 'storeside'),
  summary: __('Short description', 'storeside'),
  date: __('Date', 'storeside'),
  tax: __('Categories', 'storeside'),
  rating: __('Rating', 'storeside'),
  cf: __('Attribute', 'storeside'),
  combined: __('Combined', 'storeside'),
};

/** Status badges (reference §1.2). */
export const STATUS_LABELS: Record<TableStatus, string> = {
  publish: __('Published', 'storeside'),
  draft: __('Draft', 'storeside'),
  private: __('Private', 'storeside'),
  pending: __('Pending Review', 'storeside'),
};

/** Where a table's products come from. */
export const SOURCE_LABELS: Record<TableSource['type'], string> = {
  all: __('All products', 'storeside'),
  sale: __('On sale', 'storeside'),
  category: __('Categories', 'storeside'),
  specific: __('Specific products', 'storeside'),
};

/** Column visibility by screen size (mobile ≤767px, tablet 768–1023px, desktop ≥1024px). */
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  default: __('Every screen', 'storeside'),
  all: __('Every screen (always)', 'storeside'),
  none: __('Hidden', 'storeside'),
  desktop: __('Desktop only', 'storeside'),
  tablet: __('Tablet only', 'storeside'),
  mobile: __('Mobile only', 'storeside'),
  'not-mobile': __('Not on mobile', 'storeside'),
  'not-desktop': __('Not on desktop', 'storeside'),
  'not-tablet': __('Not on tablet', 'storeside'),
  'min-tablet': __('Tablet and larger', 'storeside'),
};

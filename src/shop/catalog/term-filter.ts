/** `orderby` values of WooCommerce's term lists (tags, attribute terms). */
export const TERM_ORDER_BY = ['id', 'include', 'name', 'slug', 'description', 'count', 'menu_order'] as const;

/** The filters and window of a term list, resolved from the query. */
export interface TermFilter {
  search?: string;
  hideEmpty?: boolean;
  orderBy: (typeof TERM_ORDER_BY)[number];
  order: 'asc' | 'desc';
  include?: number[];
  exclude?: number[];
  productId?: number;
  slug?: string;
  offset: number;
  limit: number;
}

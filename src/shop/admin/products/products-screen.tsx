import './products.css';
import { Button, SelectControl } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { Link } from 'wouter';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import type { BulkActions } from '../../../admin/components/bulk-actions.js';
import { useFlashNotice } from '../../../admin/components/flash-notice.js';
import { FilterSelect, TextFilter } from '../../../admin/components/list-filters.js';
import { knownValue, sortParams, useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Column } from '../../../admin/components/server-table.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { PriceCell, StockCell, statusSuffix } from './product-list-parts.js';
import {
  batchProducts,
  type Category,
  CATEGORIES_ROUTE,
  categoryTree,
  fetchAllCategories,
  isBatchFailure,
  type Product,
  productStatusOptions,
  productsPath,
  productTypeOptions,
  stockStatusOptions,
} from './products-client.js';

type BulkAction = 'publish' | 'draft' | 'delete';
const SORTS = ['title', 'price', 'date'];

/**
 * Products: search and the Category / Status / Stock status / Type filters and the sort kept in the URL, server
 * pages with the exact total, and bulk publish / move to draft / delete of the rows ticked on the page.
 */
export default function ProductsScreen() {
  useFlashNotice();
  const notices = useNotices();
  const list = useListQuery();
  const { values } = list;
  const filters = {
    category: /^\d+$/.test(values.category ?? '') ? values.category : undefined,
    status: knownValue(productStatusOptions(), values.status),
    stock_status: knownValue(stockStatusOptions(), values.stock_status),
    type: knownValue(productTypeOptions(), values.type),
  };
  const invalidate = useInvalidate();
  const path = productsPath(
    { search: values.s?.trim() || undefined, ...filters, ...sortParams(list.sort, SORTS) },
    list.page,
    list.perPage,
  );
  const categoriesQuery = useApiQuery([CATEGORIES_ROUTE, 'all'], fetchAllCategories);
  useErrorNotice(categoriesQuery.error);
  const categories: Category[] = categoriesQuery.data ?? [];

  const bulk: BulkActions<Product> = {
    actions: [
      { value: 'publish', label: __('Publish', 'storeside') },
      { value: 'draft', label: __('Move to draft', 'storeside') },
      { value: 'delete', label: __('Delete permanently', 'storeside') },
    ],
    selectAllLabel: __('Select all products on this page', 'storeside'),
    rowLabel: (product) => sprintf(__('Select %s', 'storeside'), product.name),
    confirm: (action, items) =>
      action === 'delete'
        ? {
            title: __('Delete products', 'storeside'),
            message: _n(
              'Delete %d product permanently, with its variations and reviews? This cannot be undone.',
              'Delete %d products permanently, with their variations and reviews? This cannot be undone.',
              items.length,
              'storeside',
            ).replace('%d', items.length.toLocaleString()),
            confirmLabel: __('Delete permanently', 'storeside'),
          }
        : null,
    run: async (action, items) => {
      const chosen = action as BulkAction;
      const answer = await batchProducts(
        chosen,
        items.map((product) => product.id),
      );
      const results = (chosen === 'delete' ? answer.delete : answer.update) ?? [];
      const failures = results.filter(isBatchFailure);
      const done = results.length - failures.length;
      if (done > 0) notices.show('success', bulkMessage(chosen, done));
      if (failures.length > 0) notices.show('error', failures.map((f) => f.error.message).join(' '));
      void invalidate('/wc/v3/products');
    },
  };

  return (
    <>
      <ScreenHeader title={__('Products', 'storeside')}>
        <Link href="/products/new" asChild>
          <Button variant="secondary">{__('Add New Product', 'storeside')}</Button>
        </Link>
      </ScreenHeader>
      <ListScreen<Product>
        list={list}
        data={useListPage(path)}
        filters={
          <>
            <TextFilter
              search
              list={list}
              param="s"
              label={__('Search products', 'storeside')}
              placeholder={__('Name or SKU', 'storeside')}
            />
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Category', 'storeside')}
              value={filters.category ?? ''}
              options={[
                { value: '', label: __('All categories', 'storeside') },
                ...categoryTree(categories).map(({ category, depth }) => ({
                  value: String(category.id),
                  label: `${'— '.repeat(depth)}${category.name} (${category.count})`,
                })),
              ]}
              onChange={(value) => list.filter({ category: value })}
            />
            <FilterSelect
              list={list}
              param="status"
              value={filters.status ?? ''}
              label={__('Status', 'storeside')}
              all={__('All statuses', 'storeside')}
              options={productStatusOptions()}
            />
            <FilterSelect
              list={list}
              param="stock_status"
              value={filters.stock_status ?? ''}
              label={__('Stock status', 'storeside')}
              all={__('All stock statuses', 'storeside')}
              options={stockStatusOptions()}
            />
            <FilterSelect
              list={list}
              param="type"
              value={filters.type ?? ''}
              label={__('Product type', 'storeside')}
              all={__('All product types', 'storeside')}
              options={productTypeOptions()}
            />
          </>
        }
        bulk={bulk}
        label={__('Products', 'storeside')}
        countLabel={['%s product', '%s products']}
        columns={productColumns()}
        getItemId={(product) => String(product.id)}
        empty={__('No products found.', 'storeside')}
      />
    </>
  );
}

function bulkMessage(action: BulkAction, count: number): string {
  const text = {
    publish: _n('%d product published.', '%d products published.', count, 'storeside'),
    draft: _n('%d product moved to draft.', '%d products moved to draft.', count, 'storeside'),
    delete: _n('%d product deleted.', '%d products deleted.', count, 'storeside'),
  }[action];
  return text.replace('%d', count.toLocaleString());
}

function productColumns(): Column<Product>[] {
  return [
    {
      id: 'thumb',
      label: __('Image', 'storeside'),
      render: (product) =>
        product.images[0] ? (
          <img
            className="storeside-thumb"
            src={product.images[0].src}
            alt=""
            width={40}
            height={40}
            loading="lazy"
          />
        ) : null,
    },
    {
      id: 'name',
      label: __('Name', 'storeside'),
      sort: 'title',
      render: (product) => (
        <>
          <strong>
            <Link href={`/products/${product.id}`}>{product.name}</Link>
          </strong>
          {statusSuffix(product)}
        </>
      ),
    },
    { id: 'sku', label: __('SKU', 'storeside'), render: (product) => product.sku || '–' },
    { id: 'stock', label: __('Stock', 'storeside'), render: (product) => <StockCell product={product} /> },
    {
      id: 'price',
      label: __('Price', 'storeside'),
      sort: 'price',
      numeric: true,
      render: (product) => <PriceCell product={product} />,
    },
    {
      id: 'categories',
      label: __('Categories', 'storeside'),
      render: (product) => product.categories.map((c) => c.name).join(', ') || '–',
    },
    {
      id: 'date',
      label: __('Date', 'storeside'),
      sort: 'date',
      render: (product) => <DateTime value={product.date_created_gmt} />,
    },
  ];
}

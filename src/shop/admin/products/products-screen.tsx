import './products.css';
import { Button, CheckboxControl, SearchControl, SelectControl } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useFlashNotice } from '../../../admin/components/flash-notice.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { type Column, ServerTable } from '../../../admin/components/server-table.js';
import {
  useApiPage,
  useApiQuery,
  useErrorNotice,
  useInvalidate,
} from '../../../admin/components/api-query.js';
import { useDebouncedQueryValue } from '../../../admin/components/use-debounced-query-value.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { paging, pagingQuery } from '../../../admin/screens/platform-client.js';
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

/**
 * Products: search and the Category / Status / Stock status / Type filters kept in the URL, server pages with the
 * exact total, and bulk publish / move to draft / delete of the rows ticked on the page.
 */
export default function ProductsScreen() {
  useFlashNotice();
  const notices = useNotices();
  const [query, setQuery] = useQueryState();
  const [search, setSearch] = useDebouncedQueryValue(query, setQuery, 's');
  const { page, perPage } = paging(query);
  const filters = {
    category: /^\d+$/.test(query.category ?? '') ? query.category : undefined,
    status: known(productStatusOptions(), query.status),
    stock_status: known(stockStatusOptions(), query.stock_status),
    type: known(productTypeOptions(), query.type),
  };
  const invalidate = useInvalidate();
  const path = productsPath({ search: query.s?.trim() || undefined, ...filters }, page, perPage);
  const { page: products, loading, error } = useApiPage<Product>(path);
  const categoriesQuery = useApiQuery([CATEGORIES_ROUTE, 'all'], fetchAllCategories);
  const categories: Category[] = categoriesQuery.data ?? [];
  const [selected, setSelected] = useState<number[]>([]);
  const [action, setAction] = useState<BulkAction | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useErrorNotice(error);
  useErrorNotice(categoriesQuery.error);
  // A new page or filter starts with nothing ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is what resets the selection
  useEffect(() => setSelected([]), [path]);

  const items = products?.items ?? [];
  const apply = async (chosen: BulkAction) => {
    setConfirming(false);
    setBusy(true);
    try {
      const answer = await batchProducts(chosen, selected);
      const results = (chosen === 'delete' ? answer.delete : answer.update) ?? [];
      const failures = results.filter(isBatchFailure);
      const done = results.length - failures.length;
      if (done > 0) notices.show('success', bulkMessage(chosen, done));
      if (failures.length > 0) notices.show('error', failures.map((f) => f.error.message).join(' '));
      setSelected([]);
      setAction('');
      void invalidate('/wc/v3/products');
    } catch (failure) {
      notices.showError(failure);
    } finally {
      setBusy(false);
    }
  };
  const allTicked = items.length > 0 && items.every((p) => selected.includes(p.id));

  return (
    <>
      <ScreenHeader title={__('Products', 'storeside')}>
        <Link href="/products/new" asChild>
          <Button variant="secondary">{__('Add New Product', 'storeside')}</Button>
        </Link>
      </ScreenHeader>
      <div className="storeside-filters">
        <SearchControl
          __nextHasNoMarginBottom
          label={__('Search products', 'storeside')}
          placeholder={__('Name or SKU', 'storeside')}
          value={search}
          onChange={setSearch}
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
          onChange={(value) => setQuery({ category: value, paged: undefined })}
        />
        <FilterSelect
          label={__('Status', 'storeside')}
          all={__('All statuses', 'storeside')}
          options={productStatusOptions()}
          value={filters.status}
          onChange={(value) => setQuery({ status: value, paged: undefined })}
        />
        <FilterSelect
          label={__('Stock status', 'storeside')}
          all={__('All stock statuses', 'storeside')}
          options={stockStatusOptions()}
          value={filters.stock_status}
          onChange={(value) => setQuery({ stock_status: value, paged: undefined })}
        />
        <FilterSelect
          label={__('Product type', 'storeside')}
          all={__('All product types', 'storeside')}
          options={productTypeOptions()}
          value={filters.type}
          onChange={(value) => setQuery({ type: value, paged: undefined })}
        />
      </div>
      <div className="storeside-filters storeside-bulk">
        <CheckboxControl
          __nextHasNoMarginBottom
          label={__('Select all products on this page', 'storeside')}
          checked={allTicked}
          onChange={(checked) => setSelected(checked ? items.map((p) => p.id) : [])}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Bulk actions', 'storeside')}
          value={action}
          options={[
            { value: '', label: __('Choose an action', 'storeside') },
            { value: 'publish', label: __('Publish', 'storeside') },
            { value: 'draft', label: __('Move to draft', 'storeside') },
            { value: 'delete', label: __('Delete permanently', 'storeside') },
          ]}
          onChange={(value) => setAction(value as BulkAction | '')}
        />
        <Button
          variant="secondary"
          isBusy={busy}
          accessibleWhenDisabled
          disabled={busy || action === '' || selected.length === 0}
          onClick={() => (action === 'delete' ? setConfirming(true) : action && apply(action))}
        >
          {__('Apply', 'storeside')}
        </Button>
        <span className="storeside-muted" aria-live="polite">
          {sprintf(__('%d selected', 'storeside'), selected.length)}
        </span>
      </div>
      <ServerTable<Product>
        label={__('Products', 'storeside')}
        countLabel={['%s product', '%s products']}
        columns={productColumns(selected, setSelected)}
        page={products}
        loading={loading}
        pageNumber={page}
        perPage={perPage}
        onPaging={(next, size) => setQuery(pagingQuery(next, size))}
        getItemId={(product) => String(product.id)}
        empty={__('No products found.', 'storeside')}
      />
      {confirming ? (
        <ConfirmDialog
          title={__('Delete products', 'storeside')}
          message={_n(
            'Delete %d product permanently, with its variations and reviews? This cannot be undone.',
            'Delete %d products permanently, with their variations and reviews? This cannot be undone.',
            selected.length,
            'storeside',
          ).replace('%d', selected.length.toLocaleString())}
          confirmLabel={__('Delete permanently', 'storeside')}
          onConfirm={() => apply('delete')}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}

function FilterSelect(props: {
  label: string;
  all: string;
  options: Array<{ value: string; label: string }>;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <SelectControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={props.label}
      value={props.value ?? ''}
      options={[{ value: '', label: props.all }, ...props.options]}
      onChange={props.onChange}
    />
  );
}

function known(options: Array<{ value: string }>, value: string | undefined): string | undefined {
  return options.some((option) => option.value === value) ? value : undefined;
}

function bulkMessage(action: BulkAction, count: number): string {
  const text = {
    publish: _n('%d product published.', '%d products published.', count, 'storeside'),
    draft: _n('%d product moved to draft.', '%d products moved to draft.', count, 'storeside'),
    delete: _n('%d product deleted.', '%d products deleted.', count, 'storeside'),
  }[action];
  return text.replace('%d', count.toLocaleString());
}

function productColumns(selected: number[], setSelected: (ids: number[]) => void): Column<Product>[] {
  return [
    {
      id: 'select',
      label: __('Select', 'storeside'),
      render: (product) => (
        <input
          type="checkbox"
          className="storeside-row-check"
          aria-label={sprintf(__('Select %s', 'storeside'), product.name)}
          checked={selected.includes(product.id)}
          onChange={(event) =>
            setSelected(
              event.target.checked ? [...selected, product.id] : selected.filter((id) => id !== product.id),
            )
          }
        />
      ),
    },
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
      render: (product) => <DateTime value={product.date_created_gmt} />,
    },
  ];
}

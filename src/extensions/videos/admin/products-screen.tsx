import { Button, SearchControl } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useDebouncedQueryValue } from '../../../admin/components/use-debounced-query-value.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import { GalleryOrderDialog } from './gallery-order-dialog.js';
import { VideoPickerDialog } from './video-picker-dialog.js';
import {
  assignVideos,
  type ProductsPage,
  productsPath,
  VIDEOS_NS,
  type VideoProduct,
} from './videos-client.js';
import './videos-admin.css';

/** Published products with their videos: select products and **Assign Videos** from the library; edit a gallery. */
export default function ProductsScreen() {
  const notices = useNotices();
  const [query, setQuery] = useQueryState();
  const [search, setSearch] = useDebouncedQueryValue(query, setQuery, 'search');
  const page = Math.max(1, Number(query.paged) || 1);
  const invalidate = useInvalidate();
  const reload = () => void invalidate(`${VIDEOS_NS}/`);
  const productsQuery = useApiQuery<ProductsPage>(productsPath({ search: query.search, page }), undefined, {
    placeholderData: keepPreviousData,
  });
  const result = productsQuery.data
    ? {
        products: productsQuery.data.products,
        total: productsQuery.data.total_items,
        pages: productsQuery.data.total_pages,
      }
    : null;
  const loading = productsQuery.isFetching;
  useErrorNotice(productsQuery.error);
  const [selected, setSelected] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [editing, setEditing] = useState<VideoProduct | null>(null);

  const assign = async (videoIds: string[]) => {
    setAssigning(true);
    try {
      const reply = await assignVideos(selected, videoIds);
      notices.show('success', reply.message);
      setPicking(false);
      setSelected([]);
      reload();
    } catch (error) {
      notices.showError(error);
    } finally {
      setAssigning(false);
    }
  };

  const products = result?.products ?? [];
  const allShown = products.length > 0 && products.every((p) => selected.includes(p.id));
  const toggle = (id: number, checked: boolean) =>
    setSelected((ids) => (checked ? [...ids, id] : ids.filter((x) => x !== id)));
  return (
    <>
      <ScreenHeader title={__('Product Videos', 'storeside')} />
      <div className="storeside-filters">
        <SearchControl
          __nextHasNoMarginBottom
          label={__('Search products', 'storeside')}
          placeholder={__('Name or SKU', 'storeside')}
          value={search}
          onChange={setSearch}
        />
        <Button
          variant="primary"
          accessibleWhenDisabled
          disabled={selected.length === 0}
          onClick={() => setPicking(true)}
        >
          {selected.length === 0
            ? __('Assign Videos', 'storeside')
            : sprintf(
                _n(
                  'Assign Videos to %s product',
                  'Assign Videos to %s products',
                  selected.length,
                  'storeside',
                ),
                String(selected.length),
              )}
        </Button>
      </div>
      <p className="storeside-muted" aria-live="polite">
        {result
          ? sprintf(_n('%s product', '%s products', result.total, 'storeside'), result.total.toLocaleString())
          : __('Loading…', 'storeside')}
      </p>
      <table className="storeside-table" aria-busy={loading}>
        <caption className="screen-reader-text">{__('Products and their videos', 'storeside')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <label>
                <input
                  type="checkbox"
                  checked={allShown}
                  onChange={(event) => {
                    const checked = event.target.checked;
                    setSelected((ids) =>
                      checked
                        ? [...new Set([...ids, ...products.map((p) => p.id)])]
                        : ids.filter((id) => !products.some((p) => p.id === id)),
                    );
                  }}
                />
                <span className="screen-reader-text">{__('Select all shown', 'storeside')}</span>
              </label>
            </th>
            <th scope="col">{__('Product', 'storeside')}</th>
            <th scope="col">{__('SKU', 'storeside')}</th>
            <th scope="col">{__('Videos', 'storeside')}</th>
            <th scope="col">{__('Actions', 'storeside')}</th>
          </tr>
        </thead>
        <tbody>
          {result && products.length === 0 ? (
            <tr>
              <td colSpan={5}>{__('No published products match.', 'storeside')}</td>
            </tr>
          ) : (
            products.map((product) => (
              <tr key={product.id}>
                <td>
                  <label>
                    <input
                      type="checkbox"
                      checked={selected.includes(product.id)}
                      onChange={(event) => toggle(product.id, event.target.checked)}
                    />
                    <span className="screen-reader-text">
                      {sprintf(__('Select %s', 'storeside'), product.name)}
                    </span>
                  </label>
                </td>
                <td>{product.name}</td>
                <td>{product.sku || '—'}</td>
                <td>
                  {product.video_count === 0 ? (
                    <span className="storeside-muted">{__('None', 'storeside')}</span>
                  ) : (
                    <ol
                      className="storeside-video-thumbs"
                      aria-label={sprintf(__('Videos of %s', 'storeside'), product.name)}
                    >
                      {product.assigned_videos.map((video) => (
                        <li key={video.id}>
                          <img
                            src={video.thumbnail_url}
                            alt={video.title}
                            title={video.title}
                            width={64}
                            height={36}
                          />
                        </li>
                      ))}
                    </ol>
                  )}
                </td>
                <td>
                  <Button variant="secondary" size="small" onClick={() => setEditing(product)}>
                    {sprintf(__('Edit videos of %s', 'storeside'), product.name)}
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <nav className="storeside-pagination" aria-label={__('Product pages', 'storeside')}>
        <Button
          variant="secondary"
          accessibleWhenDisabled
          disabled={page <= 1}
          onClick={() => setQuery({ paged: page - 1 === 1 ? undefined : page - 1 })}
        >
          {__('Previous page', 'storeside')}
        </Button>
        <span>
          {sprintf(
            __('Page %1$s of %2$s', 'storeside'),
            String(page),
            String(Math.max(1, result?.pages ?? 1)),
          )}
        </span>
        <Button
          variant="secondary"
          accessibleWhenDisabled
          disabled={page >= (result?.pages ?? 1)}
          onClick={() => setQuery({ paged: page + 1 })}
        >
          {__('Next page', 'storeside')}
        </Button>
      </nav>
      {picking ? (
        <VideoPickerDialog
          title={sprintf(
            _n('Assign videos to %s product', 'Assign videos to %s products', selected.length, 'storeside'),
            String(selected.length),
          )}
          busy={assigning}
          onPick={assign}
          onClose={() => setPicking(false)}
        />
      ) : null}
      {editing ? (
        <GalleryOrderDialog product={editing} onChanged={reload} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

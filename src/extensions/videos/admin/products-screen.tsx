import { Button } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { api } from '../../../admin/api.js';
import { useInvalidate } from '../../../admin/components/api-query.js';
import { TextFilter } from '../../../admin/components/list-filters.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Column } from '../../../admin/components/server-table.js';
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

// The route's fixed page size.
const PAGE_SIZE = 20;

/**
 * Published products with their videos: select products (the ticks stay while paging) and **Assign Videos** from
 * the library; edit a gallery.
 */
export default function ProductsScreen() {
  const notices = useNotices();
  const list = useListQuery({ pageSizes: [PAGE_SIZE] });
  const invalidate = useInvalidate();
  const reload = () => void invalidate(`${VIDEOS_NS}/`);
  const path = productsPath({ search: list.values.search, page: list.page });
  const data = useListPage<VideoProduct>(path, async () => {
    const reply = await api<ProductsPage>({ path });
    return { items: reply.products, total: reply.total_items, totalPages: reply.total_pages };
  });
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

  const products = data.page?.items ?? [];
  const allShown = products.length > 0 && products.every((p) => selected.includes(p.id));
  const toggle = (id: number, checked: boolean) =>
    setSelected((ids) => (checked ? [...ids, id] : ids.filter((x) => x !== id)));
  const columns: Column<VideoProduct>[] = [
    {
      id: 'select',
      label: (
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
      ),
      render: (product) => (
        <label>
          <input
            type="checkbox"
            checked={selected.includes(product.id)}
            onChange={(event) => toggle(product.id, event.target.checked)}
          />
          <span className="screen-reader-text">{sprintf(__('Select %s', 'storeside'), product.name)}</span>
        </label>
      ),
    },
    { id: 'name', label: __('Product', 'storeside'), render: (product) => product.name },
    { id: 'sku', label: __('SKU', 'storeside'), render: (product) => product.sku || '—' },
    {
      id: 'videos',
      label: __('Videos', 'storeside'),
      render: (product) =>
        product.video_count === 0 ? (
          <span className="storeside-muted">{__('None', 'storeside')}</span>
        ) : (
          <ol
            className="storeside-video-thumbs"
            aria-label={sprintf(__('Videos of %s', 'storeside'), product.name)}
          >
            {product.assigned_videos.map((video) => (
              <li key={video.id}>
                <img src={video.thumbnail_url} alt={video.title} title={video.title} width={64} height={36} />
              </li>
            ))}
          </ol>
        ),
    },
    {
      id: 'actions',
      label: __('Actions', 'storeside'),
      render: (product) => (
        <Button variant="secondary" size="small" onClick={() => setEditing(product)}>
          {sprintf(__('Edit videos of %s', 'storeside'), product.name)}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ScreenHeader title={__('Product Videos', 'storeside')} />
      <ListScreen<VideoProduct>
        list={list}
        data={data}
        filters={
          <>
            <TextFilter
              search
              list={list}
              param="search"
              label={__('Search products', 'storeside')}
              placeholder={__('Name or SKU', 'storeside')}
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
          </>
        }
        label={__('Products and their videos', 'storeside')}
        countLabel={['%s product', '%s products']}
        columns={columns}
        pageSizes={[PAGE_SIZE]}
        getItemId={(product) => String(product.id)}
        empty={__('No published products match.', 'storeside')}
      />
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

import { Button, Modal, Spinner } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { useDebouncedValue } from '../../../admin/components/use-debounced-value.js';
import { LibraryFilters } from './library-filters.js';
import { useLibrary } from './use-library.js';
import { VideoGrid } from './video-grid.js';

/**
 * Picks videos from the library (search and sort over all of it, multi-select); the chosen ids come back in the
 * order they were ticked, which becomes their order in the galleries.
 */
export function VideoPickerDialog(props: {
  title: string;
  busy: boolean;
  onPick: (videoIds: string[]) => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [sort, setSort] = useState('date_desc');
  const [picked, setPicked] = useState<string[]>([]);
  const search = useDebouncedValue(typed, 150);
  const library = useLibrary(search, sort);

  const toggle = (id: string, checked: boolean) =>
    setPicked((ids) => (checked ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));
  return (
    <Modal title={props.title} onRequestClose={props.onClose} size="large">
      <LibraryFilters search={typed} onSearch={setTyped} sort={sort} onSort={setSort} />
      <div className="storeside-picker-grid" aria-busy={library.loading}>
        {library.videos === null ? (
          <Spinner />
        ) : library.videos.length === 0 ? (
          <p>{__('No videos match.', 'storeside')}</p>
        ) : (
          <VideoGrid videos={library.videos} selected={picked} onToggle={toggle} />
        )}
        {library.hasMore ? (
          <Button variant="secondary" onClick={library.loadMore}>
            {__('Load more videos', 'storeside')}
          </Button>
        ) : null}
      </div>
      <div className="storeside-inline-form">
        <Button variant="tertiary" onClick={props.onClose}>
          {__('Cancel', 'storeside')}
        </Button>
        <Button
          variant="primary"
          isBusy={props.busy}
          accessibleWhenDisabled
          disabled={picked.length === 0 || props.busy}
          onClick={() => props.onPick(picked)}
        >
          {picked.length === 0
            ? __('Assign videos', 'storeside')
            : sprintf(
                _n('Assign %s video', 'Assign %s videos', picked.length, 'storeside'),
                String(picked.length),
              )}
        </Button>
      </div>
    </Modal>
  );
}

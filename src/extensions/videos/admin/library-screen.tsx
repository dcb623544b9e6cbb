import { Button, Spinner } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { Link } from 'wouter';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useDebouncedQueryValue } from '../../../admin/components/use-debounced-query-value.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import { ConnectionCard } from './connection-card.js';
import { LibraryFilters } from './library-filters.js';
import { useLibrary } from './use-library.js';
import { VideoGrid } from './video-grid.js';
import { fetchSettings, VIDEOS_NS, type VideoSettings } from './videos-client.js';
import './videos-admin.css';

/** The channel's library: the connection card, instant search and the five sorts over every video, and sync. */
export default function LibraryScreen() {
  const [query, setQuery] = useQueryState();
  const [search, setSearch] = useDebouncedQueryValue(query, setQuery, 'search', 150);
  const sort = query.sort ?? 'date_desc';
  const settingsQuery = useApiQuery<VideoSettings>(`${VIDEOS_NS}/settings`, fetchSettings);
  const settings = settingsQuery.data;
  const invalidate = useInvalidate();
  const library = useLibrary(query.search ?? '', sort);
  useErrorNotice(settingsQuery.error);
  useErrorNotice(library.error);

  if (!settings) return <Spinner />;
  return (
    <>
      <ScreenHeader title={__('Video Library', 'storeside')}>
        <Link href="/videos/setup" asChild>
          <Button variant="secondary">{__('Setup wizard', 'storeside')}</Button>
        </Link>
      </ScreenHeader>
      {!settings.is_onboarding_completed && settings.connection_status !== 'connected' ? (
        <section className="storeside-panel" aria-labelledby="video-welcome-title">
          <h2 id="video-welcome-title">{__('Welcome to product videos', 'storeside')}</h2>
          <p>
            {__(
              'Show your channel’s videos in your product galleries. Connect the channel, choose where the videos go, and assign them to products.',
              'storeside',
            )}
          </p>
          <Link href="/videos/setup" asChild>
            <Button variant="primary">{__('Start setup', 'storeside')}</Button>
          </Link>
        </section>
      ) : null}
      <ConnectionCard settings={settings} onChanged={() => void invalidate(`${VIDEOS_NS}/`)} />
      <LibraryFilters
        search={search}
        onSearch={setSearch}
        sort={sort}
        onSort={(value) => setQuery({ sort: value === 'date_desc' ? undefined : value })}
      />
      <p className="storeside-muted" aria-live="polite">
        {library.videos
          ? sprintf(_n('%s video', '%s videos', library.total, 'storeside'), library.total.toLocaleString())
          : __('Loading…', 'storeside')}
      </p>
      <div aria-busy={library.loading}>
        {library.videos && library.videos.length === 0 ? (
          <p>
            {settings.connection_status === 'connected'
              ? __('No videos match. Sync the library to fetch the channel’s newest uploads.', 'storeside')
              : __('No videos yet: connect a channel and sync its library.', 'storeside')}
          </p>
        ) : (
          <VideoGrid videos={library.videos ?? []} />
        )}
      </div>
      {library.hasMore ? (
        <Button variant="secondary" onClick={library.loadMore} isBusy={library.loading}>
          {__('Load more videos', 'storeside')}
        </Button>
      ) : null}
    </>
  );
}

import { CheckboxControl } from '@wordpress/components';
import { _n, sprintf } from '@wordpress/i18n';
import { formatDuration, type LibraryVideo } from './videos-client.js';

/**
 * Videos as a grid of cards: thumbnail, title, duration, views and the products using it. With `selected`, each
 * card has a checkbox named after the video (the picker's multi-select).
 */
export function VideoGrid(props: {
  videos: LibraryVideo[];
  selected?: string[];
  onToggle?: (videoId: string, checked: boolean) => void;
}) {
  return (
    <ul className="storeside-video-grid">
      {props.videos.map((video) => (
        <li key={video.id} className="storeside-video-card">
          <img src={video.thumbnail_url} alt="" width={320} height={180} loading="lazy" />
          <div className="storeside-video-card-body">
            {props.selected && props.onToggle ? (
              <CheckboxControl
                __nextHasNoMarginBottom
                label={video.title}
                checked={props.selected.includes(video.id)}
                onChange={(checked) => props.onToggle?.(video.id, checked)}
              />
            ) : (
              <h3>{video.title}</h3>
            )}
            <p className="storeside-muted">
              <span>{formatDuration(video.duration_seconds)}</span>
              {' · '}
              {sprintf(
                _n('%s view', '%s views', video.view_count, 'storeside'),
                video.view_count.toLocaleString(),
              )}
              {video.assigned_count > 0
                ? ` · ${sprintf(_n('on %s product', 'on %s products', video.assigned_count, 'storeside'), String(video.assigned_count))}`
                : ''}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

import { SelectControl, TextControl, ToggleControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { VideoSettings } from './videos-client.js';

/** The placement and player settings the wizard and the Player tab edit. */
export type PlayerSettings = Pick<
  VideoSettings,
  | 'video_position'
  | 'max_videos'
  | 'autoplay_first'
  | 'muted_autoplay'
  | 'show_controls'
  | 'show_duration'
  | 'privacy_mode'
>;

/** The player keys, in form order. */
export const PLAYER_KEYS: Array<keyof PlayerSettings> = [
  'video_position',
  'max_videos',
  'autoplay_first',
  'muted_autoplay',
  'show_controls',
  'show_duration',
  'privacy_mode',
];

/** The player settings of a settings object. */
export function playerSettingsOf(settings: VideoSettings): PlayerSettings {
  return Object.fromEntries(PLAYER_KEYS.map((key) => [key, settings[key]])) as PlayerSettings;
}

/** Placement (position, how many) and player options, with a preview of a product gallery holding three videos. */
export function PlayerFields(props: {
  value: PlayerSettings;
  onChange: (value: PlayerSettings) => void;
  errors: Record<string, string>;
}) {
  const { value, errors } = props;
  const set = <K extends keyof PlayerSettings>(key: K, next: PlayerSettings[K]) =>
    props.onChange({ ...value, [key]: next });
  const shown = value.max_videos === 0 ? 3 : Math.min(3, value.max_videos);
  const videos = Array.from({ length: shown }, (_, i) => sprintf(__('Video %s', 'storeside'), String(i + 1)));
  const images = [__('Main image', 'storeside'), __('Image 2', 'storeside')];
  const gallery =
    value.video_position === 'first'
      ? [...videos.map((v) => ['video', v]), ...images.map((i) => ['image', i])]
      : [...images.map((i) => ['image', i]), ...videos.map((v) => ['video', v])];
  return (
    <>
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Video position in the gallery', 'storeside')}
        value={value.video_position === 'first' ? 'first' : 'last'}
        options={[
          { value: 'first', label: __('Before the product images', 'storeside') },
          { value: 'last', label: __('After the product images', 'storeside') },
        ]}
        onChange={(next) => set('video_position', next)}
        help={errors.video_position}
      />
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        type="number"
        min={0}
        max={50}
        label={__('Videos per product', 'storeside')}
        help={errors.max_videos ?? __('0 shows every assigned video.', 'storeside')}
        value={String(value.max_videos)}
        onChange={(next) => set('max_videos', Number(next))}
      />
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Autoplay the first video (muted)', 'storeside')}
        checked={value.autoplay_first}
        onChange={(next) => props.onChange({ ...value, autoplay_first: next, muted_autoplay: next })}
        help={errors.autoplay_first}
      />
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Show player controls', 'storeside')}
        checked={value.show_controls}
        onChange={(next) => set('show_controls', next)}
      />
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Show the duration on thumbnails', 'storeside')}
        checked={value.show_duration}
        onChange={(next) => set('show_duration', next)}
      />
      <ToggleControl
        __nextHasNoMarginBottom
        label={__('Privacy-enhanced mode', 'storeside')}
        help={__('Videos load from youtube-nocookie.com and only after a click.', 'storeside')}
        checked={value.privacy_mode}
        onChange={(next) => set('privacy_mode', next)}
      />
      <h3>{__('Preview', 'storeside')}</h3>
      <ol className="storeside-gallery-preview" aria-label={__('Gallery preview', 'storeside')}>
        {gallery.map(([kind, label], index) => (
          <li key={label} data-kind={kind}>
            {kind === 'video' && index === gallery.findIndex(([k]) => k === 'video') && value.autoplay_first
              ? sprintf(__('%s (autoplays)', 'storeside'), label)
              : label}
          </li>
        ))}
      </ol>
      <p className="storeside-muted">
        {value.show_controls
          ? __('Shoppers see the player’s controls.', 'storeside')
          : __('The player’s controls are hidden.', 'storeside')}
      </p>
    </>
  );
}

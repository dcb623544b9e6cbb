import { SearchControl, SelectControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { LIBRARY_SORT_LABELS } from './videos-client.js';

/** The library's search field and sort menu (the search is instant: every keystroke filters the whole library). */
export function LibraryFilters(props: {
  search: string;
  onSearch: (value: string) => void;
  sort: string;
  onSort: (value: string) => void;
}) {
  return (
    <div className="storeside-filters">
      <SearchControl
        __nextHasNoMarginBottom
        label={__('Search videos', 'storeside')}
        value={props.search}
        onChange={props.onSearch}
      />
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Sort by', 'storeside')}
        value={props.sort}
        options={LIBRARY_SORT_LABELS.map(([value, label]) => ({
          value: value as string,
          label: __(label, 'storeside'),
        }))}
        onChange={props.onSort}
      />
    </div>
  );
}

import { SearchControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useDebouncedQueryValue } from '../../../admin/components/use-debounced-query-value.js';
import { isWholeEmail } from './cart-recovery-client.js';

/**
 * The e-mail search of a list, kept in the URL as `search` once it is a whole address (the routes match exact
 * addresses through their hash); returns the address the list is filtered by.
 */
export function EmailSearch(props: {
  query: Record<string, string>;
  setQuery: (changes: Record<string, string | number | undefined>) => void;
}) {
  const [value, setValue] = useDebouncedQueryValue(props.query, props.setQuery, 'search');
  const partial = value.trim() !== '' && !isWholeEmail(value);
  return (
    <div>
      <SearchControl
        __nextHasNoMarginBottom
        label={__('Search by e-mail address', 'storeside')}
        placeholder={__('name@example.com', 'storeside')}
        value={value}
        onChange={setValue}
        aria-describedby="cr-search-help"
      />
      <p id="cr-search-help" className="storeside-muted">
        {partial
          ? __('Type the whole address: addresses are matched exactly.', 'storeside')
          : __('Whole address, any case.', 'storeside')}
      </p>
    </div>
  );
}

/** The `search` filter to send: the URL's value when it is a whole address, else none. */
export function searchFilter(query: Record<string, string>): string | undefined {
  const search = query.search?.trim();
  return search && isWholeEmail(search) ? search : undefined;
}

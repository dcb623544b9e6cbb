import { SearchControl, SelectControl, TextControl } from '@wordpress/components';
import type { ListQuery } from './list-query.js';
import { useDebouncedQueryValue } from './use-debounced-query-value.js';

/** A filter kept in the URL as `param`: a select whose first option (empty value) shows everything. */
export function FilterSelect(props: {
  list: ListQuery;
  param: string;
  label: string;
  /** The label of the "everything" option, e.g. "All statuses". */
  all: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The value shown (the URL's, once checked against the options); the URL's own unless given. */
  value?: string;
}) {
  return (
    <SelectControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={props.label}
      value={props.value ?? props.list.values[props.param] ?? ''}
      options={[{ value: '', label: props.all }, ...props.options]}
      onChange={(value: string) => props.list.filter({ [props.param]: value || undefined })}
    />
  );
}

/**
 * A text filter kept in the URL as `param`: the field changes as one types, the URL (back to page 1) after a pause.
 * `search` draws the search box; otherwise a text field (`type` e.g. `email` or `date`).
 */
export function TextFilter(props: {
  list: ListQuery;
  param: string;
  label: string;
  placeholder?: string;
  search?: boolean;
  type?: 'email' | 'date' | 'text';
  describedBy?: string;
}) {
  const [value, setValue] = useDebouncedQueryValue(props.list.values, props.list.set, props.param);
  if (props.search)
    return (
      <SearchControl
        __nextHasNoMarginBottom
        label={props.label}
        placeholder={props.placeholder}
        value={value}
        onChange={setValue}
        aria-describedby={props.describedBy}
      />
    );
  return (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={props.label}
      type={props.type}
      value={value}
      onChange={setValue}
      placeholder={props.placeholder}
      autoComplete="off"
      spellCheck={false}
      aria-describedby={props.describedBy}
    />
  );
}

import { keepPreviousData } from '@tanstack/react-query';
import { FormTokenField } from '@wordpress/components';
import { useRef, useState } from 'react';
import { useApiQuery } from '../../../admin/components/api-query.js';
import { useDebouncedValue } from '../../../admin/components/use-debounced-value.js';

/** Something a coupon restriction names by id (a product or a category). */
export interface NamedItem {
  id: number;
  name: string;
}

/** Where a picker finds names: the route (its cache key), a search by name and a lookup by ids. */
export interface NamedSource {
  route: string;
  /** Items whose name matches `term` (a page of them). */
  search: (term: string) => Promise<NamedItem[]>;
  /** The items of the given ids (to name the tokens of a stored coupon). */
  lookup: (ids: number[]) => Promise<NamedItem[]>;
}

/**
 * A list of ids picked by name, as WooCommerce's product and category pickers: typing searches the server,
 * each choice is a token "Name (#id)"; only suggested items can be picked.
 */
export function IdTokenField(props: {
  label: string;
  help?: string;
  className?: string;
  ids: number[];
  onChange: (ids: number[]) => void;
  source: NamedSource;
}) {
  const labels = useRef(new Map<number, string>());
  const [term, setTerm] = useState('');
  const { ids, source } = props;
  const searched = useDebouncedValue(term.trim(), 250);
  // A failed search or lookup leaves the tokens as they are ("#id"): nothing to tell the user.
  const found = useApiQuery(
    [source.route, 'names matching', searched],
    () => source.search(searched).catch((): NamedItem[] => []),
    { placeholderData: keepPreviousData },
  );
  const unknown = ids.filter((id) => !labels.current.has(id));
  const named = useApiQuery(unknown.length === 0 ? null : [source.route, 'names of', unknown], () =>
    source.lookup(unknown).catch((): NamedItem[] => []),
  );
  remember(labels.current, named.data ?? []);
  remember(labels.current, found.data ?? []);
  const suggestions = (found.data ?? []).map((item) => labels.current.get(item.id) ?? '');

  const idOf = (label: string) => {
    for (const [id, known] of labels.current) if (known === label) return id;
    return null;
  };
  return (
    <FormTokenField
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      __experimentalExpandOnFocus
      __experimentalValidateInput={(token) => idOf(token) !== null}
      label={props.label}
      help={props.help}
      className={props.className}
      value={ids.map((id) => labels.current.get(id) ?? `#${id}`)}
      suggestions={suggestions}
      onInputChange={setTerm}
      onChange={(tokens) =>
        props.onChange(
          tokens
            .map((token) => idOf(typeof token === 'string' ? token : token.value) ?? parseHashId(token))
            .filter((id): id is number => id !== null),
        )
      }
    />
  );
}

function remember(labels: Map<number, string>, items: NamedItem[]): void {
  for (const item of items) labels.set(item.id, `${item.name} (#${item.id})`);
}

// A token not yet named (its lookup still running) is shown as "#id" and kept.
function parseHashId(token: string | { value: string }): number | null {
  const match = /^#(\d+)$/.exec(typeof token === 'string' ? token : token.value);
  return match ? Number(match[1]) : null;
}

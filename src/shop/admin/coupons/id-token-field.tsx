import { FormTokenField } from '@wordpress/components';
import { useEffect, useRef, useState } from 'react';

/** Something a coupon restriction names by id (a product or a category). */
export interface NamedItem {
  id: number;
  name: string;
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
  /** Items whose name matches `term` (a page of them). */
  search: (term: string) => Promise<NamedItem[]>;
  /** The items of the given ids (to name the tokens of a stored coupon). */
  lookup: (ids: number[]) => Promise<NamedItem[]>;
}) {
  const labels = useRef(new Map<number, string>());
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [term, setTerm] = useState('');
  const [, setNamed] = useState(0);
  const { ids, lookup, search } = props;

  useEffect(() => {
    const unknown = ids.filter((id) => !labels.current.has(id));
    if (unknown.length === 0) return;
    let current = true;
    lookup(unknown).then(
      (items) => {
        if (!current) return;
        remember(labels.current, items);
        setNamed((n) => n + 1);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [ids, lookup]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      search(term.trim()).then(
        (items) => {
          if (!current) return;
          remember(labels.current, items);
          setSuggestions(items.map((item) => labels.current.get(item.id) ?? ''));
        },
        () => {},
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, search]);

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

import { Button, ComboboxControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { useState } from 'react';
import { useApiQuery, useFirstAnswer } from '../../../admin/components/api-query.js';
import { useDebouncedValue } from '../../../admin/components/use-debounced-value.js';
import { fetchProductsByIds, type Product, searchProducts } from './products-client.js';

/** A grouped product's children: a combobox that finds products by name or SKU, and the chosen ones to remove. */
export function GroupedProductsPicker(props: {
  value: number[];
  onChange: (ids: number[]) => void;
  /** The product being edited (never its own child). */
  selfId?: number;
  error?: string;
}) {
  const [term, setTerm] = useState('');
  const [known, setKnown] = useState<Map<number, Product>>(new Map());
  // Names are read once for the ids the form starts with; a failed read leaves them as "#id".
  const [startIds] = useState(props.value);
  const named = useApiQuery(['/wc/v3/products', 'names of', startIds], () =>
    fetchProductsByIds(startIds).catch((): Product[] => []),
  );
  useFirstAnswer(startIds, named.data, (products) => setKnown(new Map(products.map((p) => [p.id, p]))));
  const searched = useDebouncedValue(term.trim(), 200);
  const search = useApiQuery(
    searched === '' ? null : ['/wc/v3/products', 'picker', searched],
    () => searchProducts(searched).catch((): Product[] => []),
    { placeholderData: (previous) => previous },
  );
  const found = search.data ?? [];

  const options = found
    .filter((p) => p.id !== props.selfId && p.type !== 'grouped' && !props.value.includes(p.id))
    .map((p) => ({ value: String(p.id), label: p.sku ? `${p.name} (${p.sku})` : p.name }));
  return (
    <fieldset className="storeside-fieldset">
      <legend>{__('Grouped products', 'storeside')}</legend>
      <ComboboxControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Add a product to the group', 'storeside')}
        help={props.error}
        value={null}
        options={options}
        onFilterValueChange={setTerm}
        onChange={(value) => {
          const product = found.find((p) => String(p.id) === value);
          if (!product) return;
          setKnown((map) => new Map(map).set(product.id, product));
          props.onChange([...props.value, product.id]);
        }}
      />
      {props.value.length === 0 ? (
        <p className="storeside-muted">{__('No products in the group yet.', 'storeside')}</p>
      ) : (
        <ul className="storeside-chosen-list">
          {props.value.map((id) => {
            const name = known.get(id)?.name ?? `#${id}`;
            return (
              <li key={id}>
                <span>{name}</span>
                <Button
                  variant="link"
                  isDestructive
                  onClick={() => props.onChange(props.value.filter((x) => x !== id))}
                >
                  {__('Remove', 'storeside')}
                  <span className="screen-reader-text"> {name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

import { Button, Spinner, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useState } from 'react';
import { useApiQuery } from '../../../admin/components/api-query.js';
import { useDebouncedValue } from '../../../admin/components/use-debounced-value.js';
import type { TableSource } from '../config/table-config.schemas.js';
import { findProducts, type PickerProduct, TABLES_NS } from './product-tables-client.js';

type ProductObjects = NonNullable<TableSource['queryArgs']['productObjects']>;

/** Picks products for a "specific products" table: search by name, ID or SKU; the picked ones keep their order. */
export function ProductPicker(props: {
  ids: number[];
  objects: ProductObjects;
  onChange: (ids: number[], objects: ProductObjects) => void;
}) {
  const [term, setTerm] = useState('');
  const searched = useDebouncedValue(term.trim(), 250);
  const search = useApiQuery(searched ? [`${TABLES_NS}/products`, 'picker', searched] : null, () =>
    findProducts(searched).catch((): PickerProduct[] => []),
  );
  const found = term.trim() ? (search.data ?? null) : null;
  const busy = search.isFetching;

  const add = (product: PickerProduct) => {
    if (props.ids.includes(product.id)) return;
    const { id, name, sku, price_html, image } = product;
    props.onChange([...props.ids, id], {
      ...props.objects,
      [id]: { id, name, sku, price: price_html, image },
    });
  };
  const remove = (id: number) => {
    const { [id]: _removed, ...rest } = props.objects;
    props.onChange(
      props.ids.filter((x) => x !== id),
      rest,
    );
  };
  const nameOf = (id: number) => props.objects[id]?.name ?? sprintf(__('Product #%d', 'storeside'), id);

  return (
    <div className="ptables-picker">
      <TextControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Find products by name, ID or SKU', 'storeside')}
        value={term}
        onChange={setTerm}
      />
      <div aria-live="polite">
        {busy ? <Spinner /> : null}
        {found && !busy ? (
          found.length === 0 ? (
            <p className="storeside-muted">{__('No products found.', 'storeside')}</p>
          ) : (
            <ul className="ptables-found" aria-label={__('Found products', 'storeside')}>
              {found.map((product) => (
                <li key={product.id}>
                  <span>
                    {product.name} <span className="storeside-muted">#{product.id}</span>
                    {product.sku ? <span className="storeside-muted"> · {product.sku}</span> : null}
                  </span>
                  <Button
                    variant="secondary"
                    size="compact"
                    disabled={props.ids.includes(product.id)}
                    accessibleWhenDisabled
                    onClick={() => add(product)}
                    label={sprintf(__('Add %s', 'storeside'), product.name)}
                    showTooltip={false}
                  >
                    {props.ids.includes(product.id) ? __('Added', 'storeside') : __('Add', 'storeside')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
      <h3>{sprintf(__('Chosen products (%d)', 'storeside'), props.ids.length)}</h3>
      {props.ids.length === 0 ? (
        <p className="storeside-muted">{__('No products chosen yet.', 'storeside')}</p>
      ) : (
        <ol className="ptables-chosen">
          {props.ids.map((id) => (
            <li key={id}>
              <span>{nameOf(id)}</span>
              <Button
                variant="tertiary"
                size="compact"
                isDestructive
                onClick={() => remove(id)}
                label={sprintf(__('Remove %s', 'storeside'), nameOf(id))}
                showTooltip={false}
              >
                {__('Remove', 'storeside')}
              </Button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

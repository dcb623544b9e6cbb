import { Button, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { invalidFieldProps } from '../../../admin/screens/user-form-errors.js';
import {
  type AttributeValues,
  attributeOptions,
  newRowKey,
  type VariationValues,
} from './product-form-values.js';

/**
 * A variable product's variations: per row an option of each variation attribute ("Any" allowed), regular and
 * sale price, SKU and stock (empty = not managed). Errors come by row key and field.
 */
export function VariationsEditor(props: {
  value: VariationValues[];
  attributes: AttributeValues[];
  onChange: (variations: VariationValues[]) => void;
  errors: Record<string, Record<string, string>>;
}) {
  const used = props.attributes.filter((a) => a.variation && a.name.trim() !== '');
  const change = (key: string, patch: Partial<VariationValues>) =>
    props.onChange(props.value.map((v) => (v.key === key ? { ...v, ...patch } : v)));
  const add = () =>
    props.onChange([
      ...props.value,
      {
        key: newRowKey(),
        attributes: Object.fromEntries(used.map((a) => [a.name.trim(), attributeOptions(a)[0] ?? ''])),
        regular_price: '',
        sale_price: '',
        sku: '',
        stock_quantity: '',
      },
    ]);
  return (
    <fieldset className="storeside-fieldset">
      <legend>{__('Variations', 'storeside')}</legend>
      {used.length === 0 ? (
        <p className="storeside-muted">
          {__('Add an attribute used for variations, with its values, to add variations.', 'storeside')}
        </p>
      ) : null}
      {props.value.map((row, index) => {
        const number = index + 1;
        const errors = props.errors[row.key] ?? {};
        const label = (text: string) => text.replace('%d', String(number));
        return (
          <div className="storeside-variation" key={row.key}>
            <h3>
              {row.id
                ? sprintf(__('Variation %1$d (#%2$d)', 'storeside'), number, row.id)
                : label(__('Variation %d (new)', 'storeside'))}
            </h3>
            {errors[''] ? (
              <p className="storeside-field-message" role="alert">
                {errors['']}
              </p>
            ) : null}
            <div className="storeside-row">
              {used.map((attribute) => {
                const name = attribute.name.trim();
                return (
                  <SelectControl
                    key={name}
                    __next40pxDefaultSize
                    __nextHasNoMarginBottom
                    label={sprintf(__('Variation %1$d %2$s', 'storeside'), number, name)}
                    value={row.attributes[name] ?? ''}
                    options={[
                      { value: '', label: sprintf(__('Any %s…', 'storeside'), name) },
                      ...attributeOptions(attribute).map((option) => ({ value: option, label: option })),
                    ]}
                    onChange={(option) =>
                      change(row.key, { attributes: { ...row.attributes, [name]: option } })
                    }
                    {...invalidFieldProps(errors.attributes)}
                  />
                );
              })}
            </div>
            <div className="storeside-row">
              <TextControl
                __next40pxDefaultSize
                __nextHasNoMarginBottom
                label={label(__('Variation %d regular price', 'storeside'))}
                inputMode="decimal"
                value={row.regular_price}
                onChange={(regular_price) => change(row.key, { regular_price })}
                {...invalidFieldProps(errors.regular_price)}
              />
              <TextControl
                __next40pxDefaultSize
                __nextHasNoMarginBottom
                label={label(__('Variation %d sale price', 'storeside'))}
                inputMode="decimal"
                value={row.sale_price}
                onChange={(sale_price) => change(row.key, { sale_price })}
                {...invalidFieldProps(errors.sale_price)}
              />
              <TextControl
                __next40pxDefaultSize
                __nextHasNoMarginBottom
                label={label(__('Variation %d SKU', 'storeside'))}
                value={row.sku}
                onChange={(sku) => change(row.key, { sku })}
                {...invalidFieldProps(errors.sku)}
              />
              <TextControl
                __next40pxDefaultSize
                __nextHasNoMarginBottom
                label={label(__('Variation %d stock', 'storeside'))}
                inputMode="numeric"
                value={row.stock_quantity}
                onChange={(stock_quantity) => change(row.key, { stock_quantity })}
                {...invalidFieldProps(errors.stock_quantity)}
              />
            </div>
            <Button
              variant="link"
              isDestructive
              onClick={() => props.onChange(props.value.filter((v) => v.key !== row.key))}
            >
              {label(__('Remove variation %d', 'storeside'))}
            </Button>
          </div>
        );
      })}
      <Button variant="secondary" onClick={add} accessibleWhenDisabled disabled={used.length === 0}>
        {__('Add variation', 'storeside')}
      </Button>
    </fieldset>
  );
}

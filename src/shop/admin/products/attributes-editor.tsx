import { Button, CheckboxControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { AttributeValues } from './product-form-values.js';

/** The product's attributes: a name and `|`-separated options each, and for a variable product "Used for variations". */
export function AttributesEditor(props: {
  value: AttributeValues[];
  onChange: (attributes: AttributeValues[]) => void;
  variable: boolean;
  error?: string;
}) {
  const change = (index: number, patch: Partial<AttributeValues>) =>
    props.onChange(props.value.map((a, i) => (i === index ? { ...a, ...patch } : a)));
  return (
    <fieldset className="storeside-fieldset">
      <legend>{__('Attributes', 'storeside')}</legend>
      {props.error ? (
        <p className="storeside-field-message" role="alert">
          {props.error}
        </p>
      ) : null}
      {props.value.map((attribute, index) => {
        const number = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <div className="storeside-row" key={index}>
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={sprintf(__('Attribute %d name', 'storeside'), number)}
              value={attribute.name}
              onChange={(name) => change(index, { name })}
            />
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={sprintf(__('Attribute %d values', 'storeside'), number)}
              help={__('Separate values with "|".', 'storeside')}
              value={attribute.options}
              onChange={(options) => change(index, { options })}
            />
            {props.variable ? (
              <CheckboxControl
                __nextHasNoMarginBottom
                label={sprintf(__('Attribute %d used for variations', 'storeside'), number)}
                checked={attribute.variation}
                onChange={(variation) => change(index, { variation })}
              />
            ) : null}
            <Button
              variant="link"
              isDestructive
              onClick={() => props.onChange(props.value.filter((_, i) => i !== index))}
            >
              {sprintf(__('Remove attribute %d', 'storeside'), number)}
            </Button>
          </div>
        );
      })}
      <Button
        variant="secondary"
        onClick={() =>
          props.onChange([...props.value, { id: 0, name: '', options: '', variation: true, visible: true }])
        }
      >
        {__('Add attribute', 'storeside')}
      </Button>
    </fieldset>
  );
}

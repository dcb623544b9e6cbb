import { CheckboxControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { type Category, categoryTree } from './products-client.js';

/** The product's categories: one checkbox per category, children indented under their parent. */
export function CategoryChecklist(props: {
  categories: Category[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="storeside-fieldset storeside-category-checklist">
      <legend>{__('Categories', 'storeside')}</legend>
      {props.error ? (
        <p className="storeside-field-message" role="alert">
          {props.error}
        </p>
      ) : null}
      {props.categories.length === 0 ? (
        <p className="storeside-muted">{__('No categories yet.', 'storeside')}</p>
      ) : null}
      {categoryTree(props.categories).map(({ category, depth }) => (
        <div key={category.id} style={{ paddingInlineStart: `${depth * 16}px` }}>
          <CheckboxControl
            __nextHasNoMarginBottom
            label={category.name}
            checked={props.value.includes(category.id)}
            onChange={(checked) =>
              props.onChange(
                checked ? [...props.value, category.id] : props.value.filter((id) => id !== category.id),
              )
            }
          />
        </div>
      ))}
    </fieldset>
  );
}

import { CheckboxControl, SelectControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useApiQuery } from '../../../admin/components/api-query.js';
import { COMBINABLE_TYPES } from '../config/column-types.constants.js';
import type { TableColumn } from '../config/table-config.schemas.js';
import { ATTRIBUTES_PATH, fetchAttributes } from './product-tables-client.js';
import { COLUMN_TYPE_LABELS, optionsOf } from './table-labels.js';

type Settings = TableColumn['settings'];

const IMAGE_SIZES: Record<NonNullable<Settings['imageSize']>, string> = {
  thumbnail: __('Thumbnail', 'storeside'),
  medium: __('Medium', 'storeside'),
  large: __('Large', 'storeside'),
  full: __('Full size', 'storeside'),
};
const LINK_TARGETS: Record<NonNullable<Settings['linkTarget']>, string> = {
  product: __('The product page', 'storeside'),
  none: __('Nothing (no link)', 'storeside'),
};
const RATING_FORMATS: Record<NonNullable<Settings['displayFormat']>, string> = {
  stars: __('Stars', 'storeside'),
  woocommerce: __("The shop's rating markup", 'storeside'),
  text: __('Text ("Rated 4 out of 5")', 'storeside'),
};
const TAXONOMIES: Array<{ value: string; label: string }> = [
  { value: 'product_cat', label: __('Product categories', 'storeside') },
  { value: 'product_tag', label: __('Product tags', 'storeside') },
];

/** The options of one column's type (image size, link, word limit, taxonomy, rating format, attribute, parts). */
export function ColumnTypeSettings(props: { column: TableColumn; onChange: (settings: Settings) => void }) {
  const { column } = props;
  const s = column.settings;
  const set = (patch: Settings) => props.onChange({ ...s, ...patch });
  const select = <K extends keyof Settings>(
    key: K,
    label: string,
    labels: Record<string, string>,
    fallback: string,
  ) => (
    <SelectControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={label}
      value={String(s[key] ?? fallback)}
      options={optionsOf(labels)}
      onChange={(value) => set({ [key]: value } as Settings)}
    />
  );
  switch (column.type) {
    case 'image':
      return (
        <>
          {select('imageSize', __('Image size', 'storeside'), IMAGE_SIZES, 'thumbnail')}
          {select('linkTarget', __('Image links to', 'storeside'), LINK_TARGETS, 'product')}
        </>
      );
    case 'name':
      return select('linkTarget', __('Name links to', 'storeside'), LINK_TARGETS, 'product');
    case 'summary':
      return (
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          type="number"
          min={1}
          max={200}
          label={__('Word limit', 'storeside')}
          value={String(s.wordLimit ?? 10)}
          onChange={(value) => set({ wordLimit: Math.max(1, Math.min(200, Number(value) || 1)) })}
        />
      );
    case 'tax':
      return (
        <>
          <TaxonomySelect value={s.taxonomy ?? 'product_cat'} onChange={(taxonomy) => set({ taxonomy })} />
          <CheckboxControl
            __nextHasNoMarginBottom
            label={__('Link terms to their products', 'storeside')}
            checked={s.linkToArchive ?? false}
            onChange={(linkToArchive) => set({ linkToArchive })}
          />
        </>
      );
    case 'rating':
      return select('displayFormat', __('Rating shown as', 'storeside'), RATING_FORMATS, 'stars');
    case 'cf':
      return (
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Attribute name', 'storeside')}
          value={s.metaKey ?? ''}
          onChange={(metaKey) => set({ metaKey: metaKey || undefined })}
        />
      );
    case 'combined':
      return (
        <fieldset className="ptables-combined">
          <legend>{__('Parts, in this order', 'storeside')}</legend>
          {COMBINABLE_TYPES.map((type) => (
            <CheckboxControl
              __nextHasNoMarginBottom
              key={type}
              label={COLUMN_TYPE_LABELS[type]}
              checked={(s.elements ?? []).some((e) => e.type === type)}
              onChange={(on) => {
                const rest = (s.elements ?? []).filter((e) => e.type !== type);
                set({ elements: on ? [...rest, { type }] : rest });
              }}
            />
          ))}
          {select(
            'layout',
            __('Parts layout', 'storeside'),
            { inline: __('Side by side', 'storeside'), block: __('Stacked', 'storeside') },
            'inline',
          )}
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Separator', 'storeside')}
            value={s.separator ?? ''}
            onChange={(separator) => set({ separator })}
          />
        </fieldset>
      );
    default:
      return null;
  }
}

/** Which terms a tax column lists: categories, tags or one of the shop's global attributes. */
function TaxonomySelect(props: { value: string; onChange: (taxonomy: string) => void }) {
  const attributes = useApiQuery(ATTRIBUTES_PATH, fetchAttributes).data ?? [];
  const options = [
    ...TAXONOMIES,
    ...attributes.map((a) => ({ value: a.slug, label: sprintf(__('Attribute: %s', 'storeside'), a.name) })),
  ];
  // A stored attribute that the shop no longer has still shows (and stays) as it is.
  if (!options.some((o) => o.value === props.value)) options.push({ value: props.value, label: props.value });
  return (
    <SelectControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={__('Terms from', 'storeside')}
      value={props.value}
      options={options}
      onChange={props.onChange}
    />
  );
}

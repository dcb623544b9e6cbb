import { CheckboxControl, RadioControl, SelectControl, Spinner, TextControl } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { useApiQuery } from '../../../admin/components/api-query.js';
import type { TableSource } from '../config/table-config.schemas.js';
import {
  type Category,
  fetchCategories,
  fetchSourceStats,
  fetchTags,
  TABLES_NS,
  TAGS_PATH,
} from './product-tables-client.js';
import { ProductPicker } from './product-picker.js';
import { edit, type TableDraft } from './table-draft.js';
import { optionsOf, SOURCE_LABELS } from './table-labels.js';

/** How many products the `all` and the `sale` sources hold. */
async function sourceCounts(): Promise<Record<string, number>> {
  const [all, sale] = await Promise.all([fetchSourceStats('all'), fetchSourceStats('sale')]);
  return { all: all.products, sale: sale.products };
}

const ORDER_BY_LABELS: Record<TableSource['sort']['orderBy'], string> = {
  date: __('Date', 'storeside'),
  title: __('Name', 'storeside'),
  price: __('Price', 'storeside'),
  popularity: __('Popularity', 'storeside'),
  rating: __('Rating', 'storeside'),
  id: __('ID', 'storeside'),
  menu_order: __('Menu order', 'storeside'),
};
const STOCK_LABELS: Record<TableSource['queryArgs']['stockStatus'], string> = {
  any: __('Any stock status', 'storeside'),
  instock: __('In stock', 'storeside'),
  outofstock: __('Out of stock', 'storeside'),
  onbackorder: __('On backorder', 'storeside'),
};

/** The wizard's Setup step and the editor's Table tab: title (optional here) and where the products come from. */
export function SetupPanel(props: {
  draft: TableDraft;
  onChange: (draft: TableDraft) => void;
  withTitle: boolean;
}) {
  const { draft, onChange } = props;
  const source = draft.source;
  const categoriesRead = useApiQuery(`${TABLES_NS}/categories`, fetchCategories);
  const categories: Category[] | null = categoriesRead.data ?? (categoriesRead.error ? [] : null);
  const tags = useApiQuery(TAGS_PATH, fetchTags).data ?? [];
  const stats = useApiQuery([`${TABLES_NS}/source-stats`, 'all and sale'], sourceCounts).data ?? {};
  const change = (fn: (d: TableDraft) => void) => onChange(edit(draft, fn));
  const sourceOption = (type: TableSource['type']) => {
    const count = stats[type];
    return count === undefined
      ? SOURCE_LABELS[type]
      : sprintf(
          _n('%1$s (%2$d product)', '%1$s (%2$d products)', count, 'storeside'),
          SOURCE_LABELS[type],
          count,
        );
  };

  return (
    <div className="ptables-setup">
      {props.withTitle ? (
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Table name', 'storeside')}
          value={draft.title}
          required
          onChange={(title) =>
            change((d) => {
              d.title = title;
            })
          }
        />
      ) : null}
      <RadioControl
        label={__('Products', 'storeside')}
        selected={source.type}
        options={(['all', 'sale', 'category', 'specific'] as const).map((value) => ({
          value,
          label: sourceOption(value),
        }))}
        onChange={(type) =>
          change((d) => {
            d.source.type = type as TableSource['type'];
          })
        }
      />
      {source.type === 'category' ? (
        <fieldset className="ptables-categories">
          <legend>{__('Categories', 'storeside')}</legend>
          {categories === null ? <Spinner /> : null}
          {categories?.length === 0 ? <p>{__('The shop has no categories yet.', 'storeside')}</p> : null}
          {categories?.map((category) => (
            <CheckboxControl
              __nextHasNoMarginBottom
              key={category.id}
              label={`${category.name} (${category.count})`}
              checked={source.queryArgs.categoryIds.includes(category.id)}
              onChange={(checked) =>
                change((d) => {
                  const ids = d.source.queryArgs.categoryIds.filter((id) => id !== category.id);
                  d.source.queryArgs.categoryIds = checked ? [...ids, category.id] : ids;
                })
              }
            />
          ))}
        </fieldset>
      ) : null}
      {source.type === 'specific' ? (
        <ProductPicker
          ids={source.queryArgs.postIds}
          objects={source.queryArgs.productObjects ?? {}}
          onChange={(ids, objects) =>
            change((d) => {
              d.source.queryArgs.postIds = ids;
              d.source.queryArgs.productObjects = objects;
            })
          }
        />
      ) : null}
      {tags.length > 0 ? (
        <fieldset className="ptables-categories">
          <legend>{__('Only products with one of these tags (none ticked: any)', 'storeside')}</legend>
          {tags.map((tag) => (
            <CheckboxControl
              __nextHasNoMarginBottom
              key={tag.id}
              label={tag.name}
              checked={source.queryArgs.tagIds.includes(tag.id)}
              onChange={(checked) =>
                change((d) => {
                  const ids = d.source.queryArgs.tagIds.filter((id) => id !== tag.id);
                  d.source.queryArgs.tagIds = checked ? [...ids, tag.id] : ids;
                })
              }
            />
          ))}
        </fieldset>
      ) : null}
      <div className="ptables-row">
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Stock status', 'storeside')}
          value={source.queryArgs.stockStatus}
          options={optionsOf(STOCK_LABELS)}
          onChange={(value) =>
            change((d) => {
              d.source.queryArgs.stockStatus = value;
            })
          }
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Sort by', 'storeside')}
          value={source.sort.orderBy}
          options={optionsOf(ORDER_BY_LABELS)}
          onChange={(value) =>
            change((d) => {
              d.source.sort.orderBy = value;
            })
          }
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Order', 'storeside')}
          value={source.sort.order}
          options={[
            { value: 'ASC', label: __('Ascending', 'storeside') },
            { value: 'DESC', label: __('Descending', 'storeside') },
          ]}
          onChange={(value) =>
            change((d) => {
              d.source.sort.order = value;
            })
          }
        />
      </div>
    </div>
  );
}

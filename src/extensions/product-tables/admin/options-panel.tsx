import { __ } from '@wordpress/i18n';
import type { TableSettings } from '../config/table-config.schemas.js';
import { fieldsFor } from './config-fields.js';
import { optionsOf } from './table-labels.js';

const MODES = optionsOf({
  standard: __('Numbered pages', 'storeside'),
  load_more: __('"Load more" button', 'storeside'),
});
const POSITIONS = optionsOf({
  top: __('Above the table', 'storeside'),
  bottom: __('Below the table', 'storeside'),
  both: __('Above and below', 'storeside'),
});

/** The Options step / tab: search, filters, paging, bulk selection, the cart and the lightbox (reference §1.5). */
export function OptionsPanel(props: {
  settings: TableSettings;
  onChange: (settings: TableSettings) => void;
}) {
  const f = fieldsFor(props.settings, props.onChange);
  return (
    <div className="ptables-groups">
      <fieldset>
        <legend>{__('Search and filters', 'storeside')}</legend>
        {f.toggle(['features', 'search'], __('Search box', 'storeside'))}
        {f.toggle(['filters', 'enabled'], __('Filter bar', 'storeside'))}
        {f.toggle(['filters', 'showCategory'], __('Category filter', 'storeside'))}
        {f.toggle(['filters', 'showType'], __('Product type filter', 'storeside'))}
      </fieldset>
      <fieldset>
        <legend>{__('Pages', 'storeside')}</legend>
        {f.toggle(['features', 'pagination'], __('Split into pages', 'storeside'))}
        {f.number(['pagination', 'limit'], __('Products per page', 'storeside'), 1, 500)}
        {f.select(['pagination', 'mode'], __('Paging style', 'storeside'), MODES)}
        {f.select(['pagination', 'position'], __('Page links', 'storeside'), POSITIONS)}
      </fieldset>
      <fieldset>
        <legend>{__('Cart', 'storeside')}</legend>
        {f.toggle(['cart', 'showQuantity'], __('Quantity field', 'storeside'))}
        {f.text(['cart', 'addToCartText'], __('Add to cart text (empty: the global text)', 'storeside'))}
        {f.toggle(['features', 'bulkSelect', 'enabled'], __('Select several products at once', 'storeside'))}
        {f.select(
          ['features', 'bulkSelect', 'position'],
          __('Selection column', 'storeside'),
          optionsOf({ first: __('First', 'storeside'), last: __('Last', 'storeside') }),
        )}
        {f.toggle(
          ['features', 'selectedItemsPanel', 'enabled'],
          __('Panel of selected products', 'storeside'),
        )}
        {f.toggle(['features', 'clearAllButton'], __('"Clear" button for the selection', 'storeside'))}
        {f.toggle(['features', 'variationBadges'], __('"In cart" badges', 'storeside'))}
      </fieldset>
      <fieldset>
        <legend>{__('Products', 'storeside')}</legend>
        {f.toggle(['features', 'lightbox'], __('Open images in a lightbox', 'storeside'))}
        {f.toggle(
          ['features', 'showChildCount'],
          __('Show "N options available" under variable products', 'storeside'),
        )}
      </fieldset>
    </div>
  );
}

import { __ } from '@wordpress/i18n';
import type { TableStyle } from '../config/table-config.schemas.js';
import { fieldsFor } from './config-fields.js';
import { optionsOf } from './table-labels.js';

/** The Display step / tab: colours, borders, spacing, type and the mobile layout (reference §1.6). */
export function DisplayPanel(props: { style: TableStyle; onChange: (style: TableStyle) => void }) {
  const f = fieldsFor(props.style, props.onChange);
  const colour = (path: string[], label: string) => f.text(path, label);
  return (
    <div className="ptables-groups">
      <fieldset>
        <legend>{__('Header', 'storeside')}</legend>
        {colour(['header', 'bgColor'], __('Header background', 'storeside'))}
        {colour(['header', 'textColor'], __('Header text colour', 'storeside'))}
        {f.text(['header', 'fontSize'], __('Header font size', 'storeside'))}
        {f.select(
          ['typography', 'headerFontWeight'],
          __('Header font weight', 'storeside'),
          optionsOf({
            normal: __('Normal', 'storeside'),
            bold: __('Bold', 'storeside'),
            extrabold: __('Extra bold', 'storeside'),
          }),
        )}
        {f.select(
          ['typography', 'headerTextTransform'],
          __('Header letters', 'storeside'),
          optionsOf({
            uppercase: __('UPPERCASE', 'storeside'),
            lowercase: __('lowercase', 'storeside'),
            capitalize: __('Capitalized', 'storeside'),
            'normal-case': __('As typed', 'storeside'),
          }),
        )}
      </fieldset>
      <fieldset>
        <legend>{__('Rows', 'storeside')}</legend>
        {colour(['body', 'bgColor'], __('Row background', 'storeside'))}
        {colour(['body', 'textColor'], __('Row text colour', 'storeside'))}
        {f.toggle(['body', 'rowAlternate'], __('Alternate row colours', 'storeside'))}
        {colour(['body', 'altBgColor'], __('Alternate row background', 'storeside'))}
        {colour(['body', 'altTextColor'], __('Alternate row text colour', 'storeside'))}
        {f.toggle(['hover', 'rowHoverEnabled'], __('Highlight the row under the pointer', 'storeside'))}
        {colour(['hover', 'rowHoverBgColor'], __('Highlighted row background', 'storeside'))}
        {colour(['hover', 'rowHoverTextColor'], __('Highlighted row text colour', 'storeside'))}
      </fieldset>
      <fieldset>
        <legend>{__('Buttons', 'storeside')}</legend>
        {colour(['button', 'bgColor'], __('Button background', 'storeside'))}
        {colour(['button', 'textColor'], __('Button text colour', 'storeside'))}
        {colour(['button', 'hoverBgColor'], __('Button hover background', 'storeside'))}
        {colour(['button', 'hoverTextColor'], __('Button hover text colour', 'storeside'))}
        {f.text(['button', 'borderRadius'], __('Button corner radius', 'storeside'))}
      </fieldset>
      <fieldset>
        <legend>{__('Layout', 'storeside')}</legend>
        {f.select(
          ['layout', 'borderStyle'],
          __('Border style', 'storeside'),
          optionsOf({
            none: __('None', 'storeside'),
            solid: __('Solid', 'storeside'),
            dashed: __('Dashed', 'storeside'),
            dotted: __('Dotted', 'storeside'),
            double: __('Double', 'storeside'),
          }),
        )}
        {colour(['layout', 'borderColor'], __('Border colour', 'storeside'))}
        {f.toggle(['layout', 'borderRadiusEnabled'], __('Rounded corners', 'storeside'))}
        {f.number(['layout', 'borderRadius'], __('Corner radius (px)', 'storeside'), 0, 48)}
        {f.select(
          ['layout', 'cellPadding'],
          __('Cell spacing', 'storeside'),
          optionsOf({
            compact: __('Compact', 'storeside'),
            normal: __('Normal', 'storeside'),
            spacious: __('Spacious', 'storeside'),
          }),
        )}
        {f.select(['responsive', 'mode'], __('On small screens', 'storeside'), [
          { value: 'stack', label: __('Stack rows as cards', 'storeside') },
          { value: 'scroll', label: __('Scroll sideways', 'storeside') },
        ])}
      </fieldset>
    </div>
  );
}

import { CheckboxControl, SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { invalidFieldProps } from '../../../admin/screens/user-form-errors.js';
import type { CouponFormValues } from './coupon-form-values.js';
import { CATEGORY_NAMES, type DiscountType, discountTypeOptions, PRODUCT_NAMES } from './coupons-client.js';
import { IdTokenField } from './id-token-field.js';

/** What each section of the coupon form gets: the values, a setter per field, and the server's messages. */
export interface CouponSectionProps {
  values: CouponFormValues;
  set: <K extends keyof CouponFormValues>(key: K) => (value: CouponFormValues[K]) => void;
  errors: Record<string, string>;
}

const COMMON = { __next40pxDefaultSize: true, __nextHasNoMarginBottom: true } as const;

/** General: discount type, amount and expiry date. */
export function GeneralSection({ values, set, errors }: CouponSectionProps) {
  const percent = values.discount_type === 'percent';
  return (
    <fieldset className="storeside-panel">
      <legend>{__('General', 'storeside')}</legend>
      <SelectControl
        {...COMMON}
        label={__('Discount type', 'storeside')}
        value={values.discount_type}
        options={discountTypeOptions()}
        onChange={(value) => set('discount_type')(value as DiscountType)}
        {...invalidFieldProps(errors.discount_type)}
      />
      <TextControl
        {...COMMON}
        label={percent ? __('Coupon amount (%)', 'storeside') : __('Coupon amount', 'storeside')}
        value={values.amount}
        onChange={set('amount')}
        inputMode="decimal"
        autoComplete="off"
        {...invalidFieldProps(errors.amount)}
        help={errors.amount ?? amountHelp(values.discount_type)}
      />
      <TextControl
        {...COMMON}
        label={__('Coupon expiry date', 'storeside')}
        type="date"
        value={values.date_expires}
        onChange={set('date_expires')}
        {...invalidFieldProps(errors.date_expires)}
        help={
          errors.date_expires ??
          __('The coupon will expire at 00:00:00 (UTC) of this date. Leave empty for no expiry.', 'storeside')
        }
      />
    </fieldset>
  );
}

/** Usage restriction: spend limits, individual use, sale items, products, categories and allowed e-mails. */
export function RestrictionSection({ values, set, errors }: CouponSectionProps) {
  return (
    <fieldset className="storeside-panel">
      <legend>{__('Usage restriction', 'storeside')}</legend>
      <TextControl
        {...COMMON}
        label={__('Minimum spend', 'storeside')}
        value={values.minimum_amount}
        onChange={set('minimum_amount')}
        inputMode="decimal"
        autoComplete="off"
        {...invalidFieldProps(errors.minimum_amount)}
        help={
          errors.minimum_amount ??
          __('The least the cart items must cost for the coupon to apply. Leave empty for none.', 'storeside')
        }
      />
      <TextControl
        {...COMMON}
        label={__('Maximum spend', 'storeside')}
        value={values.maximum_amount}
        onChange={set('maximum_amount')}
        inputMode="decimal"
        autoComplete="off"
        {...invalidFieldProps(errors.maximum_amount)}
        help={
          errors.maximum_amount ??
          __('The most the cart items may cost for the coupon to apply. Leave empty for none.', 'storeside')
        }
      />
      <CheckboxControl
        __nextHasNoMarginBottom
        label={__('Individual use only', 'storeside')}
        checked={values.individual_use}
        onChange={set('individual_use')}
        {...invalidFieldProps(errors.individual_use)}
        help={
          errors.individual_use ??
          __('Check this box if the coupon cannot be used in conjunction with other coupons.', 'storeside')
        }
      />
      <CheckboxControl
        __nextHasNoMarginBottom
        label={__('Exclude sale items', 'storeside')}
        checked={values.exclude_sale_items}
        onChange={set('exclude_sale_items')}
        {...invalidFieldProps(errors.exclude_sale_items)}
        help={
          errors.exclude_sale_items ??
          __('Check this box if the coupon should not apply to items on sale.', 'storeside')
        }
      />
      <IdTokenField
        label={__('Products', 'storeside')}
        ids={values.product_ids}
        onChange={set('product_ids')}
        source={PRODUCT_NAMES}
        {...tokenErrorProps(
          errors.product_ids,
          __('Products the coupon applies to; empty for all.', 'storeside'),
        )}
      />
      <IdTokenField
        label={__('Exclude products', 'storeside')}
        ids={values.excluded_product_ids}
        onChange={set('excluded_product_ids')}
        source={PRODUCT_NAMES}
        {...tokenErrorProps(
          errors.excluded_product_ids,
          __('Products the coupon never discounts.', 'storeside'),
        )}
      />
      <IdTokenField
        label={__('Product categories', 'storeside')}
        ids={values.product_categories}
        onChange={set('product_categories')}
        source={CATEGORY_NAMES}
        {...tokenErrorProps(
          errors.product_categories,
          __('Categories the coupon applies to; empty for all.', 'storeside'),
        )}
      />
      <IdTokenField
        label={__('Exclude categories', 'storeside')}
        ids={values.excluded_product_categories}
        onChange={set('excluded_product_categories')}
        source={CATEGORY_NAMES}
        {...tokenErrorProps(
          errors.excluded_product_categories,
          __('Categories the coupon never discounts.', 'storeside'),
        )}
      />
      <TextControl
        {...COMMON}
        label={__('Allowed e-mails', 'storeside')}
        value={values.email_restrictions}
        onChange={set('email_restrictions')}
        autoComplete="off"
        {...invalidFieldProps(errors.email_restrictions)}
        help={
          errors.email_restrictions ??
          __(
            "Checked against the customer's e-mail. Separate addresses with commas; * matches any part, e.g. *@example.com.",
            'storeside',
          )
        }
      />
    </fieldset>
  );
}

/** Usage limits: per coupon, per customer, and how many items it discounts. */
export function LimitsSection({ values, set, errors }: CouponSectionProps) {
  const count = (
    key: 'usage_limit' | 'usage_limit_per_user' | 'limit_usage_to_x_items',
    label: string,
    help: string,
  ) => (
    <TextControl
      {...COMMON}
      label={label}
      type="number"
      min={0}
      step={1}
      value={values[key]}
      onChange={set(key)}
      {...invalidFieldProps(errors[key])}
      help={errors[key] ?? help}
    />
  );
  return (
    <fieldset className="storeside-panel">
      <legend>{__('Usage limits', 'storeside')}</legend>
      {count(
        'usage_limit',
        __('Usage limit per coupon', 'storeside'),
        __(
          'How many times this coupon can be used before it is void. Leave empty for unlimited.',
          'storeside',
        ),
      )}
      {values.discount_type === 'fixed_cart'
        ? null
        : count(
            'limit_usage_to_x_items',
            __('Limit usage to X items', 'storeside'),
            __('The most items the coupon discounts. Leave empty for all qualifying items.', 'storeside'),
          )}
      {count(
        'usage_limit_per_user',
        __('Usage limit per user', 'storeside'),
        __(
          'How many times one customer (account or billing e-mail) can use the coupon. Leave empty for unlimited.',
          'storeside',
        ),
      )}
    </fieldset>
  );
}

function amountHelp(type: DiscountType): string {
  if (type === 'percent') return __('A whole percentage from 0 to 100.', 'storeside');
  if (type === 'fixed_product') return __('An amount off each qualifying item, e.g. 2.50.', 'storeside');
  return __('An amount off the cart in the shop currency, e.g. 5.00.', 'storeside');
}

function tokenErrorProps(message: string | undefined, help: string) {
  return message ? { help: message, className: 'storeside-field-error' } : { help };
}

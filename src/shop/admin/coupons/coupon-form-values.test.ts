import { describe, expect, it } from 'vitest';
import {
  type CouponFormValues,
  couponBody,
  couponFormValues,
  emptyCouponForm,
} from './coupon-form-values.js';
import { type Coupon, couponFieldErrors } from './coupons-client.js';

const form = (patch: Partial<CouponFormValues>): CouponFormValues => ({ ...emptyCouponForm(), ...patch });

describe('couponBody', () => {
  it('should send limits left empty as null, spend limits as typed, e-mails split and the expiry at 00:00 UTC', () => {
    const body = couponBody(
      form({
        code: ' Summer ',
        discount_type: 'percent',
        amount: ' 15 ',
        date_expires: '2030-01-31',
        usage_limit: '',
        usage_limit_per_user: '2',
        minimum_amount: ' 30 ',
        email_restrictions: ' kim@example.com, ,*@shop.test ',
        product_ids: [4],
      }),
    );
    expect(body).toMatchObject({
      code: 'Summer',
      discount_type: 'percent',
      amount: '15',
      date_expires: '2030-01-31T00:00:00',
      usage_limit: null,
      usage_limit_per_user: 2,
      limit_usage_to_x_items: null,
      minimum_amount: '30',
      maximum_amount: '',
      email_restrictions: ['kim@example.com', '*@shop.test'],
      product_ids: [4],
    });
    expect(couponBody(form({})).date_expires).toBeNull();
  });

  it('should fill the form from a stored coupon and send it back unchanged', () => {
    const stored = {
      code: 'kim10',
      description: '',
      discount_type: 'fixed_product',
      amount: '2.50',
      date_expires: '2030-01-31T00:00:00',
      usage_limit: 5,
      usage_limit_per_user: null,
      limit_usage_to_x_items: 3,
      individual_use: true,
      exclude_sale_items: false,
      email_restrictions: ['a@example.com', 'b@example.com'],
      minimum_amount: '0.00',
      maximum_amount: '90.00',
      product_ids: [1],
      excluded_product_ids: [2],
      product_categories: [3],
      excluded_product_categories: [],
    } as unknown as Coupon;
    const values = couponFormValues(stored);
    expect(values).toMatchObject({
      date_expires: '2030-01-31',
      usage_limit: '5',
      usage_limit_per_user: '',
      minimum_amount: '',
      maximum_amount: '90.00',
      email_restrictions: 'a@example.com, b@example.com',
    });
    expect(couponBody(values)).toMatchObject({
      usage_limit: 5,
      limit_usage_to_x_items: 3,
      date_expires: '2030-01-31T00:00:00',
      email_restrictions: ['a@example.com', 'b@example.com'],
    });
  });
});

describe('couponFieldErrors', () => {
  const fields = Object.keys(emptyCouponForm());

  it('should place rule messages, the expiry GMT twin and a taken code at their fields', () => {
    const invalid = {
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): amount, date_expires_gmt',
      data: {
        status: 400,
        errors: { amount: { max: 'Too much.' }, date_expires_gmt: { date: 'Bad date.' } },
      },
    };
    expect(couponFieldErrors(invalid, fields)).toEqual({
      byField: { amount: 'Too much.', date_expires: 'Bad date.' },
      unplaced: false,
    });
    const taken = {
      code: 'woocommerce_rest_coupon_code_already_exists',
      message: 'Taken.',
      data: { status: 409 },
    };
    expect(couponFieldErrors(taken, fields)).toEqual({ byField: { code: 'Taken.' }, unplaced: false });
  });

  it('should say when a message names no field of the form', () => {
    const other = { code: 'rest_invalid_param', message: 'Bad.', data: { params: { free_shipping: 'No.' } } };
    expect(couponFieldErrors(other, fields)).toEqual({ byField: {}, unplaced: true });
  });
});

import { Button, Spinner, TextareaControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import {
  FORM_SOURCE,
  useApiQuery,
  useErrorNotice,
  useFirstAnswer,
} from '../../../admin/components/api-query.js';
import { flashNotice, useFlashNotice } from '../../../admin/components/flash-notice.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { useUnsavedChangesWarning } from '../../../admin/components/use-unsaved-changes.js';
import { invalidFieldProps, useFocusFirstInvalidField } from '../../../admin/screens/user-form-errors.js';
import {
  type CouponFormValues,
  couponBody,
  couponFormValues,
  emptyCouponForm,
} from './coupon-form-values.js';
import { GeneralSection, LimitsSection, RestrictionSection } from './coupon-form-sections.js';
import { type Coupon, couponFieldErrors, couponPath, saveCoupon } from './coupons-client.js';
import './coupons.css';

const FIELDS = Object.keys(emptyCouponForm());

/** Add Coupon (`shop/coupons/new`) and Edit Coupon (`shop/coupons/<id>`): the coupon's fields, errors at their fields. */
export default function CouponFormScreen() {
  useFlashNotice();
  const notices = useNotices();
  const [, navigate] = useLocation();
  const param = useParams<{ id?: string }>().id;
  const id = param === undefined ? null : Number(param);
  const [started, setSaved] = useState<CouponFormValues | undefined>(
    id === null ? emptyCouponForm() : undefined,
  );
  const [values, setValues] = useState<CouponFormValues>(emptyCouponForm());
  const [errors, setErrors] = useState<Record<string, string>>({});
  useFocusFirstInvalidField(errors);
  const [busy, setBusy] = useState(false);

  const valid = id !== null && Number.isSafeInteger(id) && id >= 1;
  const loaded = useApiQuery<Coupon>(valid ? couponPath(id) : null, undefined, FORM_SOURCE);
  useErrorNotice(loaded.error);
  // An id that is not a coupon's (malformed, or refused by the server) leaves nothing to edit.
  const saved = id !== null && (!valid || loaded.isError) ? null : started;
  // The form starts from the coupon as loaded (a save then sets it from the server's answer).
  useFirstAnswer(id, loaded.data, (coupon) => {
    setSaved(couponFormValues(coupon));
    setValues(couponFormValues(coupon));
  });

  const dirty = !!saved && JSON.stringify(values) !== JSON.stringify(saved);
  useUnsavedChangesWarning(!busy && dirty);
  const title = id === null ? __('Add Coupon', 'storeside') : __('Edit Coupon', 'storeside');
  if (saved === undefined) return <Spinner />;
  if (saved === null)
    return (
      <>
        <ScreenHeader title={title} />
        <p>{__('Invalid coupon ID.', 'storeside')}</p>
      </>
    );

  const set =
    <K extends keyof CouponFormValues>(key: K) =>
    (value: CouponFormValues[K]) =>
      setValues((old) => ({ ...old, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const coupon = await saveCoupon(id, couponBody(values));
      setErrors({});
      const message = sprintf(__('Coupon %s saved.', 'storeside'), coupon.code);
      if (id === null) {
        setSaved(values);
        flashNotice('success', message);
        navigate(`/shop/coupons/${coupon.id}`);
        return;
      }
      setSaved(couponFormValues(coupon));
      setValues(couponFormValues(coupon));
      notices.show('success', message);
    } catch (error) {
      const { byField, unplaced } = couponFieldErrors(error, FIELDS);
      setErrors(byField);
      if (unplaced) notices.showError(error);
    }
    setBusy(false);
  };

  const sectionProps = { values, set, errors };
  return (
    <>
      <ScreenHeader title={title}>
        <Link href="/shop/coupons">{__('All coupons', 'storeside')}</Link>
      </ScreenHeader>
      <form className="storeside-form" onSubmit={submit} noValidate>
        <div className="storeside-panel">
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Coupon code', 'storeside')}
            value={values.code}
            onChange={set('code')}
            autoComplete="off"
            required
            {...invalidFieldProps(errors.code)}
            help={
              errors.code ??
              __('Customers enter this code at checkout (letters are not case-sensitive).', 'storeside')
            }
          />
          <TextareaControl
            __nextHasNoMarginBottom
            label={__('Description (optional)', 'storeside')}
            value={values.description}
            onChange={set('description')}
            rows={2}
            {...invalidFieldProps(errors.description)}
          />
        </div>
        <GeneralSection {...sectionProps} />
        <RestrictionSection {...sectionProps} />
        <LimitsSection {...sectionProps} />
        <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy}>
          {id === null ? __('Add Coupon', 'storeside') : __('Update Coupon', 'storeside')}
        </Button>
      </form>
    </>
  );
}

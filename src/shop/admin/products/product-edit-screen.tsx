import './products.css';
import {
  Button,
  CheckboxControl,
  SelectControl,
  Spinner,
  TextareaControl,
  TextControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { restError } from '../../../admin/api.js';
import { boot } from '../../../admin/boot.js';
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
import { AttributesEditor } from './attributes-editor.js';
import { CategoryChecklist } from './category-checklist.js';
import { GroupedProductsPicker } from './grouped-products-picker.js';
import { emptyProductForm, type ProductFormValues, productFormValues } from './product-form-values.js';
import { ProductSaveError, saveProductForm, variationFailureMessage } from './product-save.js';
import {
  CATEGORIES_ROUTE,
  type Category,
  fetchAllCategories,
  fetchProduct,
  fetchVariations,
  type Product,
  productStatusOptions,
  productTypeOptions,
  stockStatusOptions,
} from './products-client.js';
import { VariationsEditor } from './variations-editor.js';
import { MediaPicker } from '../media/media-picker.js';

/**
 * Add New Product (`/products/new`) and Edit Product (`/products/<id>`): the product's fields by type, its
 * categories and images, a variable product's attributes and variations; the server's messages at their fields.
 */
export default function ProductEditScreen() {
  useFlashNotice();
  const notices = useNotices();
  const [, navigate] = useLocation();
  const param = useParams<{ id?: string }>().id;
  const routeId = param === undefined ? null : Number(param);
  // A new product keeps its id here when its variations were refused, so the next save updates it.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const id = routeId ?? createdId;
  const [product, setProduct] = useState<Product | null | undefined>(routeId === null ? null : undefined);
  const categoriesQuery = useApiQuery([CATEGORIES_ROUTE, 'all'], fetchAllCategories);
  useErrorNotice(categoriesQuery.error);
  const categories: Category[] = categoriesQuery.data ?? [];
  const validRoute = routeId !== null && Number.isSafeInteger(routeId) && routeId >= 1;
  const loaded = useApiQuery(
    validRoute ? [`/wc/v3/products/${routeId}`, 'with variations'] : null,
    () => Promise.all([fetchProduct(routeId!), fetchVariations(routeId!)]),
    FORM_SOURCE,
  );
  const loadFailure = loaded.error && restError(loaded.error).data?.status !== 404 ? loaded.error : null;
  useErrorNotice(loadFailure);
  const [values, setValues] = useState<ProductFormValues>(emptyProductForm);
  const [baseline, setBaseline] = useState(() => JSON.stringify(emptyProductForm()));
  const [storedVariationIds, setStoredVariationIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [variationErrors, setVariationErrors] = useState<Record<string, Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const missing = (routeId !== null && !validRoute) || (loaded.isError && !loadFailure);
  // After a refusal the keyboard lands on the first invalid field, of the product or of a variation.
  const refusals = useMemo(
    () => ({ ...errors, ...Object.fromEntries(Object.keys(variationErrors).map((key) => [key, key])) }),
    [errors, variationErrors],
  );
  useFocusFirstInvalidField(refusals);

  // The form starts from the product as loaded (a save then sets it from the server's answer).
  useFirstAnswer(routeId, loaded.data, ([found, variations]) => {
    const filled = productFormValues(found, variations);
    setProduct(found);
    setValues(filled);
    setBaseline(JSON.stringify(filled));
    setStoredVariationIds(variations.map((v) => v.id));
  });

  const dirty = useMemo(() => JSON.stringify(values) !== baseline, [values, baseline]);
  useUnsavedChangesWarning(dirty && !busy);
  const title = id === null ? __('Add New Product', 'storeside') : __('Edit Product', 'storeside');
  if (missing)
    return (
      <>
        <ScreenHeader title={title} />
        <p>{__('Invalid product ID.', 'storeside')}</p>
      </>
    );
  if (product === undefined) return <Spinner />;

  const set = (patch: Partial<ProductFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const field = (key: string) => invalidFieldProps(errors[key]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await saveProductForm({ id, values, storedVariationIds });
      const refused = Object.keys(outcome.variationErrors).length;
      const saved = { ...productFormValues(outcome.product, []), variations: outcome.rows };
      setErrors({});
      setVariationErrors(outcome.variationErrors);
      setStoredVariationIds(outcome.storedVariationIds);
      setProduct(outcome.product);
      setValues(saved);
      // Refused rows stay as typed and keep the form "changed" until they are saved.
      setBaseline(
        JSON.stringify({ ...saved, variations: outcome.rows.filter((row) => row.id !== undefined) }),
      );
      if (routeId === null && refused === 0) {
        flashNotice(
          'success',
          createdId === null
            ? sprintf(__('Product “%s” created.', 'storeside'), outcome.product.name)
            : __('Product updated.', 'storeside'),
        );
        navigate(`/products/${outcome.product.id}`);
        return;
      }
      if (routeId === null) setCreatedId(outcome.product.id);
      if (refused > 0) notices.show('error', variationFailureMessage(refused));
      else notices.show('success', __('Product updated.', 'storeside'));
    } catch (error) {
      if (error instanceof ProductSaveError) {
        setErrors(error.fields);
        if (error.fields['']) notices.show('error', error.fields['']);
        else
          notices.show(
            'error',
            __('The product was not saved; see the messages at the fields.', 'storeside'),
          );
      } else notices.showError(error);
    } finally {
      setBusy(false);
    }
  };

  const type = values.type;
  const priced = type === 'simple' || type === 'external';
  return (
    <>
      <ScreenHeader title={title}>
        {id === null ? null : (
          <Link href="/products/new" asChild>
            <Button variant="secondary">{__('Add New Product', 'storeside')}</Button>
          </Link>
        )}
      </ScreenHeader>
      <form className="storeside-product-form" onSubmit={submit} noValidate>
        <div className="storeside-product-main">
          <div className="storeside-panel">
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Product name', 'storeside')}
              value={values.name}
              onChange={(name) => set({ name })}
              required
              {...field('name')}
            />
            <TextareaControl
              __nextHasNoMarginBottom
              label={__('Description', 'storeside')}
              rows={6}
              value={values.description}
              onChange={(description) => set({ description })}
              {...field('description')}
            />
            <TextareaControl
              __nextHasNoMarginBottom
              label={__('Short description', 'storeside')}
              rows={3}
              value={values.short_description}
              onChange={(short_description) => set({ short_description })}
              {...field('short_description')}
            />
          </div>
          <section className="storeside-panel" aria-labelledby="product-data-heading">
            <h2 id="product-data-heading">{__('Product data', 'storeside')}</h2>
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Product type', 'storeside')}
              value={type}
              options={productTypeOptions()}
              onChange={(next) => set({ type: next })}
              {...field('type')}
            />
            {priced ? (
              <div className="storeside-row">
                <TextControl
                  __next40pxDefaultSize
                  __nextHasNoMarginBottom
                  label={sprintf(__('Regular price (%s)', 'storeside'), currencySymbol())}
                  inputMode="decimal"
                  value={values.regular_price}
                  onChange={(regular_price) => set({ regular_price })}
                  {...field('regular_price')}
                />
                <TextControl
                  __next40pxDefaultSize
                  __nextHasNoMarginBottom
                  label={sprintf(__('Sale price (%s)', 'storeside'), currencySymbol())}
                  inputMode="decimal"
                  value={values.sale_price}
                  onChange={(sale_price) => set({ sale_price })}
                  {...field('sale_price')}
                />
              </div>
            ) : null}
            {type === 'external' ? (
              <div className="storeside-row">
                <TextControl
                  __next40pxDefaultSize
                  __nextHasNoMarginBottom
                  label={__('Product URL', 'storeside')}
                  type="url"
                  value={values.external_url}
                  onChange={(external_url) => set({ external_url })}
                  {...field('external_url')}
                />
                <TextControl
                  __next40pxDefaultSize
                  __nextHasNoMarginBottom
                  label={__('Button text', 'storeside')}
                  value={values.button_text}
                  onChange={(button_text) => set({ button_text })}
                  {...field('button_text')}
                />
              </div>
            ) : null}
            {priced ? (
              <TextControl
                __next40pxDefaultSize
                __nextHasNoMarginBottom
                label={__('SKU', 'storeside')}
                value={values.sku}
                onChange={(sku) => set({ sku })}
                {...field('sku')}
              />
            ) : null}
            {type === 'simple' ? (
              <div className="storeside-row">
                <CheckboxControl
                  __nextHasNoMarginBottom
                  label={__('Manage stock', 'storeside')}
                  checked={values.manage_stock}
                  onChange={(manage_stock) => set({ manage_stock })}
                />
                {values.manage_stock ? (
                  <TextControl
                    __next40pxDefaultSize
                    __nextHasNoMarginBottom
                    label={__('Stock quantity', 'storeside')}
                    inputMode="numeric"
                    value={values.stock_quantity}
                    onChange={(stock_quantity) => set({ stock_quantity })}
                    {...field('stock_quantity')}
                  />
                ) : (
                  <SelectControl
                    __next40pxDefaultSize
                    __nextHasNoMarginBottom
                    label={__('Stock status', 'storeside')}
                    value={values.stock_status}
                    options={stockStatusOptions()}
                    onChange={(stock_status) => set({ stock_status })}
                    {...field('stock_status')}
                  />
                )}
              </div>
            ) : null}
            {type === 'grouped' ? (
              <GroupedProductsPicker
                value={values.grouped_products}
                onChange={(grouped_products) => set({ grouped_products })}
                selfId={id ?? undefined}
                error={errors.grouped_products}
              />
            ) : null}
            <AttributesEditor
              value={values.attributes}
              onChange={(attributes) => set({ attributes })}
              variable={type === 'variable'}
              error={errors.attributes}
            />
            {type === 'variable' ? (
              <VariationsEditor
                value={values.variations}
                attributes={values.attributes}
                onChange={(variations) => set({ variations })}
                errors={variationErrors}
              />
            ) : null}
          </section>
        </div>
        <div className="storeside-product-side">
          <section className="storeside-panel" aria-labelledby="product-publish-heading">
            <h2 id="product-publish-heading">{__('Publish', 'storeside')}</h2>
            <SelectControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Status', 'storeside')}
              value={values.status}
              options={productStatusOptions()}
              onChange={(status) => set({ status })}
              {...field('status')}
            />
            <PreviewLink product={product} />
            <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy}>
              {id === null ? __('Save product', 'storeside') : __('Update product', 'storeside')}
            </Button>
          </section>
          <div className="storeside-panel">
            <CategoryChecklist
              categories={categories}
              value={values.category_ids}
              onChange={(category_ids) => set({ category_ids })}
              error={errors.category_ids}
            />
          </div>
          <div className="storeside-panel">
            <TextControl
              __next40pxDefaultSize
              __nextHasNoMarginBottom
              label={__('Tags', 'storeside')}
              value={values.tags}
              onChange={(tags) => set({ tags })}
              {...field('tags')}
              help={errors.tags ?? __('Separate tags with commas.', 'storeside')}
            />
          </div>
          <div className="storeside-panel">
            <TextareaControl
              __nextHasNoMarginBottom
              label={__('Image URLs', 'storeside')}
              rows={3}
              value={values.images}
              onChange={(images) => set({ images })}
              {...field('images')}
              help={errors.images ?? __('One URL per line; the first is the product image.', 'storeside')}
            />
            <MediaPicker
              onChoose={(item) =>
                set({
                  images: [values.images.trim(), item.source_url].filter(Boolean).join('\n'),
                  image_ids: { ...values.image_ids, [item.source_url]: item.id },
                })
              }
            />
          </div>
        </div>
      </form>
    </>
  );
}

// The storefront shows published products only; a draft has no page to preview yet.
function PreviewLink({ product }: { product: Product | null }) {
  if (!product) return null;
  if (product.status !== 'publish')
    return (
      <p className="storeside-muted">
        {__('The storefront shows this product once it is published.', 'storeside')}
      </p>
    );
  return (
    <p>
      <a href={product.permalink} target="_blank" rel="noreferrer">
        {__('Preview product', 'storeside')}
        <span className="screen-reader-text"> {__('(opens in a new tab)', 'storeside')}</span>
      </a>
    </p>
  );
}

// The shop currency's symbol in the reader's locale (`$` for USD), as WooCommerce labels its price fields.
function currencySymbol(): string {
  const parts = new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: boot.currency,
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? boot.currency;
}

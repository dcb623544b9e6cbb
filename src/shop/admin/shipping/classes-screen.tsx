import { Button, Spinner, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { fieldErrors } from '../../../admin/api.js';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { CLASSES_ROUTE, deleteClass, saveClass, type ShippingClass } from './shipping-client.js';
import './shipping.css';

/** Shipping classes: the list (name, slug, description, product count), Add shipping class, delete. */
export default function ClassesScreen() {
  const notices = useNotices();
  const query = useApiQuery<ShippingClass[]>(CLASSES_ROUTE);
  useErrorNotice(query.error);
  const [draft, setDraft] = useState({ name: '', slug: '', description: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<ShippingClass | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const created = await saveClass(null, draft);
      notices.show('success', sprintf(__('Shipping class "%s" added.', 'storeside'), created.name));
      setDraft({ name: '', slug: '', description: '' });
    } catch (error) {
      setErrors(fieldErrors(error));
      notices.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (item: ShippingClass) => {
    setDeleting(null);
    try {
      await deleteClass(item.id);
      notices.show('success', sprintf(__('Shipping class "%s" deleted.', 'storeside'), item.name));
    } catch (error) {
      notices.showError(error);
    }
  };
  const field = (key: keyof typeof draft, label: string) => (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={label}
      value={draft[key]}
      help={errors[key] || undefined}
      onChange={(value) => setDraft({ ...draft, [key]: value })}
    />
  );

  return (
    <div className="storeside-shipping">
      <ScreenHeader title={__('Shipping classes', 'storeside')}>
        <Link href="/shop/shipping">{__('Shipping zones', 'storeside')}</Link>
      </ScreenHeader>
      <p>
        {__(
          'Shipping classes group products that ship alike; a flat rate can charge a cost per class.',
          'storeside',
        )}
      </p>
      {query.data === undefined ? (
        <Spinner />
      ) : (
        <table className="wp-list-table widefat striped">
          <thead>
            <tr>
              <th scope="col">{__('Shipping class', 'storeside')}</th>
              <th scope="col">{__('Slug', 'storeside')}</th>
              <th scope="col">{__('Description', 'storeside')}</th>
              <th scope="col">{__('Product count', 'storeside')}</th>
              <th scope="col">{__('Actions', 'storeside')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.length === 0 ? (
              <tr>
                <td colSpan={5}>{__('No shipping classes have been created.', 'storeside')}</td>
              </tr>
            ) : (
              query.data.map((item) => (
                <tr key={item.id}>
                  <td>{item.name}</td>
                  <td>{item.slug}</td>
                  <td>{item.description}</td>
                  <td>{item.count}</td>
                  <td>
                    <Button
                      variant="link"
                      isDestructive
                      onClick={() => setDeleting(item)}
                      label={sprintf(__('Delete %s', 'storeside'), item.name)}
                    >
                      {__('Delete', 'storeside')}
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
      <h2>{__('Add shipping class', 'storeside')}</h2>
      <form onSubmit={add}>
        {field('name', __('Shipping class name', 'storeside'))}
        {field('slug', __('Slug', 'storeside'))}
        {field('description', __('Description', 'storeside'))}
        <Button variant="primary" type="submit" isBusy={busy} disabled={busy} accessibleWhenDisabled>
          {__('Add shipping class', 'storeside')}
        </Button>
      </form>
      {deleting ? (
        <ConfirmDialog
          title={__('Delete shipping class', 'storeside')}
          message={sprintf(
            __('Delete "%s"? Products in it will have no shipping class.', 'storeside'),
            deleting.name,
          )}
          confirmLabel={__('Delete', 'storeside')}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { Button, Spinner, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { fieldErrors } from '../../../admin/api.js';
import { useApiQuery, useErrorNotice } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useNotices } from '../../../admin/components/notices.js';
import { createTaxClass, deleteTaxClass, TAX_CLASSES_ROUTE, type TaxClass } from './tax-client.js';

/** "Additional tax classes": the classes beside Standard, each linking to its rates; add one, delete one. */
export function TaxClassesSection() {
  const notices = useNotices();
  const classes = useApiQuery<TaxClass[]>(TAX_CLASSES_ROUTE);
  useErrorNotice(classes.error);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<TaxClass | null>(null);
  const add = useMutation({
    mutationFn: createTaxClass,
    onSuccess: (created) => {
      setName('');
      notices.show('success', sprintf(__('Tax class "%s" added.', 'storeside'), created.name));
    },
    onError: (error) => notices.showError(error),
  });
  const remove = useMutation({
    mutationFn: (taxClass: TaxClass) => deleteTaxClass(taxClass.slug),
    onSuccess: (removed) =>
      notices.show('success', sprintf(__('Tax class "%s" deleted.', 'storeside'), removed.name)),
    onError: (error) => notices.showError(error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!add.isPending) add.mutate(name);
  };
  const additional = (classes.data ?? []).filter((c) => c.slug !== 'standard');
  const nameError = add.error ? fieldErrors(add.error).name : undefined;

  return (
    <section className="storeside-tax-classes" aria-labelledby="storeside-tax-classes-title">
      <h2 id="storeside-tax-classes-title">{__('Additional tax classes', 'storeside')}</h2>
      <p>
        {__(
          'Classes beside "Standard" for products taxed at other rates. Deleting a class deletes its rates; its products are then taxed at the standard rates.',
          'storeside',
        )}
      </p>
      {classes.data === undefined ? (
        <Spinner />
      ) : (
        <table className="storeside-table">
          <thead>
            <tr>
              <th scope="col">{__('Tax class', 'storeside')}</th>
              <th scope="col">{__('Slug', 'storeside')}</th>
              <th scope="col">{__('Actions', 'storeside')}</th>
            </tr>
          </thead>
          <tbody>
            {additional.length === 0 ? (
              <tr>
                <td colSpan={3}>{__('There are no additional tax classes.', 'storeside')}</td>
              </tr>
            ) : (
              additional.map((c) => (
                <tr key={c.slug}>
                  <td>
                    <Link href={`/shop/settings/tax/${encodeURIComponent(c.slug)}`}>{c.name}</Link>
                  </td>
                  <td>{c.slug}</td>
                  <td>
                    <Button
                      variant="link"
                      isDestructive
                      label={sprintf(__('Delete %s', 'storeside'), c.name)}
                      onClick={() => setDeleting(c)}
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
      <form className="storeside-inline-form" onSubmit={submit} noValidate>
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Tax class name', 'storeside')}
          value={name}
          onChange={(value) => {
            setName(value);
            add.reset();
          }}
          help={nameError}
          aria-invalid={nameError ? true : undefined}
        />
        <Button
          variant="secondary"
          type="submit"
          isBusy={add.isPending}
          disabled={add.isPending}
          accessibleWhenDisabled
        >
          {__('Add tax class', 'storeside')}
        </Button>
      </form>
      {deleting ? (
        <ConfirmDialog
          title={__('Delete tax class', 'storeside')}
          message={sprintf(__('Delete "%s" and every tax rate in it?', 'storeside'), deleting.name)}
          confirmLabel={__('Delete', 'storeside')}
          onConfirm={() => {
            remove.mutate(deleting);
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

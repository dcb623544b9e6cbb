import { Button, Modal, SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../admin/api.js';
import { invalidFieldProps } from '../../../admin/screens/user-form-errors.js';
import { type Category, categoryTree, updateCategory } from './products-client.js';
import { errorMessage } from '../../../admin/components/request-error.js';

/** Edit Category: a dialog to rename a category and move it under another parent (never under itself or its own children). */
export function CategoryDialog(props: {
  category: Category;
  categories: Category[];
  onSaved: (category: Category) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.category.name);
  const [parent, setParent] = useState(String(props.category.parent));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const blocked = descendantsOf(props.category.id, props.categories);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      props.onSaved(await updateCategory(props.category.id, { name: name.trim(), parent: Number(parent) }));
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(Object.keys(byField).length > 0 ? byField : { name: errorMessage(error) });
      setBusy(false);
    }
  };
  return (
    <Modal title={__('Edit Category', 'storeside')} onRequestClose={props.onClose}>
      <form className="storeside-form" onSubmit={submit} noValidate>
        <TextControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Name', 'storeside')}
          value={name}
          onChange={setName}
          {...invalidFieldProps(errors.name ?? errors.slug)}
        />
        <ParentSelect
          categories={props.categories.filter((c) => !blocked.has(c.id))}
          value={parent}
          onChange={setParent}
          error={errors.parent}
        />
        <div className="storeside-inline-form">
          <Button variant="tertiary" onClick={props.onClose}>
            {__('Cancel', 'storeside')}
          </Button>
          <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy}>
            {__('Update', 'storeside')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The Parent category select: "None" and every category in tree order, indented. */
export function ParentSelect(props: {
  categories: Category[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <SelectControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={__('Parent category', 'storeside')}
      value={props.value}
      options={[
        { value: '0', label: __('None', 'storeside') },
        ...categoryTree(props.categories).map(({ category, depth }) => ({
          value: String(category.id),
          label: `${'— '.repeat(depth)}${category.name}`,
        })),
      ]}
      onChange={props.onChange}
      {...invalidFieldProps(props.error)}
    />
  );
}

// The category and everything below it: none of them may become its parent.
function descendantsOf(id: number, categories: Category[]): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories)
      if (out.has(c.parent) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
  }
  return out;
}

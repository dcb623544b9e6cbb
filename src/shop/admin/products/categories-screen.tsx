import './products.css';
import { Button, Spinner, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { fieldErrors } from '../../../admin/api.js';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { invalidFieldProps } from '../../../admin/screens/user-form-errors.js';
import { CategoryDialog, ParentSelect } from './category-dialog.js';
import {
  CATEGORIES_ROUTE,
  type Category,
  categoryTree,
  createCategory,
  deleteCategory,
  fetchAllCategories,
} from './products-client.js';
import { errorMessage } from '../../../admin/components/request-error.js';

// The shop's default category (products saved without one get it); the server refuses to delete it.
const DEFAULT_CATEGORY_SLUG = 'uncategorized';

/** Categories: the tree with product counts, Add New Category (name, parent), Edit (rename, move) and Delete. */
export default function CategoriesScreen() {
  const notices = useNotices();
  const categoriesQuery = useApiQuery([CATEGORIES_ROUTE, 'all'], fetchAllCategories);
  const categories = categoriesQuery.data ?? null;
  useErrorNotice(categoriesQuery.error);
  const invalidate = useInvalidate();
  const load = () => invalidate(CATEGORIES_ROUTE);
  const [name, setName] = useState('');
  const [parent, setParent] = useState('0');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const created = await createCategory({ name: name.trim(), parent: Number(parent) });
      notices.show('success', sprintf(__('Category “%s” added.', 'storeside'), created.name));
      setName('');
      setParent('0');
      setErrors({});
      await load();
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(Object.keys(byField).length > 0 ? byField : { name: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (category: Category) => {
    setDeleting(null);
    try {
      await deleteCategory(category.id);
      notices.show('success', sprintf(__('Category “%s” deleted.', 'storeside'), category.name));
      await load();
    } catch (error) {
      notices.showError(error);
    }
  };

  return (
    <>
      <ScreenHeader title={__('Categories', 'storeside')} />
      <div className="storeside-categories">
        <form
          className="storeside-panel storeside-form"
          onSubmit={add}
          noValidate
          aria-labelledby="add-category-heading"
        >
          <h2 id="add-category-heading">{__('Add New Category', 'storeside')}</h2>
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Name', 'storeside')}
            value={name}
            onChange={setName}
            {...invalidFieldProps(errors.name ?? errors.slug)}
          />
          <ParentSelect
            categories={categories ?? []}
            value={parent}
            onChange={setParent}
            error={errors.parent}
          />
          <Button variant="primary" type="submit" isBusy={busy} aria-disabled={busy}>
            {__('Add New Category', 'storeside')}
          </Button>
        </form>
        <div className="storeside-list">
          {categories === null ? (
            <Spinner />
          ) : (
            <table className="storeside-table">
              <caption className="screen-reader-text">{__('Product categories', 'storeside')}</caption>
              <thead>
                <tr>
                  <th scope="col">{__('Name', 'storeside')}</th>
                  <th scope="col">{__('Slug', 'storeside')}</th>
                  <th scope="col" className="num">
                    {__('Count', 'storeside')}
                  </th>
                  <th scope="col">{__('Actions', 'storeside')}</th>
                </tr>
              </thead>
              <tbody>
                {categories.length === 0 ? (
                  <tr>
                    <td colSpan={4}>{__('No categories found.', 'storeside')}</td>
                  </tr>
                ) : null}
                {categoryTree(categories).map(({ category, depth }) => (
                  <tr key={category.id}>
                    <td>
                      <span aria-hidden="true">{'— '.repeat(depth)}</span>
                      <strong>{category.name}</strong>
                    </td>
                    <td>{category.slug}</td>
                    <td className="num">
                      <Link href={`/products?category=${category.id}`}>
                        {category.count}
                        <span className="screen-reader-text">
                          {' '}
                          {sprintf(__('products in %s', 'storeside'), category.name)}
                        </span>
                      </Link>
                    </td>
                    <td>
                      <div className="storeside-row-actions">
                        <Button variant="link" onClick={() => setEditing(category)}>
                          {__('Edit', 'storeside')}
                          <span className="screen-reader-text"> {category.name}</span>
                        </Button>
                        {category.slug === DEFAULT_CATEGORY_SLUG ? (
                          <span className="storeside-muted">{__('Default category', 'storeside')}</span>
                        ) : (
                          <Button variant="link" isDestructive onClick={() => setDeleting(category)}>
                            {__('Delete', 'storeside')}
                            <span className="screen-reader-text"> {category.name}</span>
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
      {editing && categories ? (
        <CategoryDialog
          category={editing}
          categories={categories}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notices.show('success', sprintf(__('Category “%s” updated.', 'storeside'), saved.name));
            void load();
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={__('Delete category', 'storeside')}
          message={sprintf(
            __(
              'Delete “%s”? Its products stay, without this category; its subcategories move up to its parent.',
              'storeside',
            ),
            deleting.name,
          )}
          confirmLabel={__('Delete', 'storeside')}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}

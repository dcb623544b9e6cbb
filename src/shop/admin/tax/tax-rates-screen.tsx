import { useMutation } from '@tanstack/react-query';
import { Button, Spinner } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import {
  useApiPage,
  useApiQuery,
  useErrorNotice,
  useInvalidate,
} from '../../../admin/components/api-query.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { ServerTable } from '../../../admin/components/server-table.js';
import { useUnsavedChangesWarning } from '../../../admin/components/use-unsaved-changes.js';
import { SettingsTabs } from '../settings/settings-tabs.js';
import { cellId, rateColumns } from './rate-columns.js';
import { RatesCsvButtons } from './rates-csv-buttons.js';
import {
  afterSave,
  EMPTY_DRAFT,
  editRow,
  insertRow,
  isDirty,
  planSave,
  type RateFields,
  type RateRow,
  type RatesDraft,
  removeRows,
  type SavePlan,
  shownRows,
} from './rate-draft.js';
import {
  RATES_PER_PAGE,
  ratesPagePath,
  saveRatesBatch,
  TAX_CLASSES_ROUTE,
  TAXES_ROUTE,
  type TaxClass,
  type TaxRate,
} from './tax-client.js';
import { sectionTitle, TaxSections } from './tax-sections.js';
import './tax.css';

/** Settings → Tax → a class's rates (`/wp-admin/shop/settings/tax/<class>`), a fresh table for each class. */
export default function TaxRatesScreen() {
  const slug = useParams<{ class: string }>().class;
  const classes = useApiQuery<TaxClass[]>(TAX_CLASSES_ROUTE);
  useErrorNotice(classes.error);
  const taxClass = classes.data?.find((c) => c.slug === slug);
  const title = taxClass ? sectionTitle(taxClass) : __('Tax rates', 'storeside');
  return (
    <div className="storeside-tax">
      <ScreenHeader title={title} />
      <SettingsTabs current="tax" />
      <TaxSections current={slug} />
      {classes.data === undefined ? (
        // A failed read is shown as a notice (useErrorNotice).
        classes.isError ? null : (
          <Spinner />
        )
      ) : taxClass ? (
        <RatesTable key={slug} taxClass={taxClass} />
      ) : (
        <p>
          {__('This tax class does not exist.', 'storeside')}{' '}
          <Link href="/shop/settings/tax">{__('Back to tax options', 'storeside')}</Link>
        </p>
      )}
    </div>
  );
}

/**
 * WooCommerce's rates table for one class, 100 rates a page read from the server: every cell editable in place,
 * Insert row, Remove selected row(s), and one `POST /wc/v3/taxes/batch` per save, its refusals shown at their
 * rows and fields. Import CSV creates the file's rates in the classes it names; Export CSV downloads the class's.
 */
function RatesTable({ taxClass }: { taxClass: TaxClass }) {
  const notices = useNotices();
  const invalidate = useInvalidate();
  const list = useListQuery({ defaultPerPage: RATES_PER_PAGE, pageSizes: [RATES_PER_PAGE] });
  const { page, error, loading } = useApiPage<TaxRate>(ratesPagePath(taxClass.slug, list.page));
  useErrorNotice(error);
  const [draft, setDraft] = useState<RatesDraft>(EMPTY_DRAFT);
  const [selected, setSelected] = useState<string[]>([]);
  const [focusId, setFocusId] = useState<string | null>(null);
  const dirty = isDirty(draft);
  useUnsavedChangesWarning(dirty);

  const items = page?.items ?? [];
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const rows = shownRows(items, draft);
  // New rates follow every rate of the class: after its count and after the highest position on this page.
  const firstOrder = Math.max(page?.total ?? 0, ...items.map((rate) => rate.order + 1));

  const onEdit = useCallback((key: string, change: Partial<RateFields>) => {
    setDraft((current) => {
      const row = shownRows(itemsRef.current, current).find((r) => r.key === key);
      return row ? editRow(current, row, change) : current;
    });
  }, []);
  useEffect(() => {
    if (focusId === null) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const save = useMutation({
    mutationFn: async ({ plan }: { plan: SavePlan; draft: RatesDraft }) => {
      const answer = await saveRatesBatch(plan.body);
      await invalidate(TAXES_ROUTE);
      return answer;
    },
    onSuccess: (answer, { plan, draft: sent }) => {
      const outcome = afterSave(sent, plan, answer);
      setDraft(outcome.draft);
      setSelected([]);
      if (outcome.refused === 0) notices.show('success', __('Tax rates saved.', 'storeside'));
      else {
        notices.show('error', refusalMessage(outcome.saved, outcome.refused));
        const [key, fields] = Object.entries(outcome.draft.errors)[0]!;
        const field = (Object.keys(fields).find((f) => f !== '') ?? 'country') as keyof RateFields;
        setFocusId(cellId(key, field));
      }
    },
    onError: (failure) => notices.showError(failure),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    notices.clear();
    save.mutate({ plan: planSave(draft, taxClass.slug, firstOrder), draft });
  };
  const insert = () => {
    const next = insertRow(draft);
    setDraft(next.draft);
    setFocusId(cellId(next.key, 'country'));
  };
  const removeSelected = () => {
    setDraft(
      removeRows(
        draft,
        rows.filter((row) => selected.includes(row.key)),
      ),
    );
    setSelected([]);
  };
  const ticked = rows.filter((row) => selected.includes(row.key)).length;

  return (
    <form onSubmit={submit} noValidate>
      <p>
        {__(
          'Define tax rates for countries and states below. Country codes are ISO 3166-1 alpha-2 (GB, US); leave a cell empty to match any. Separate several postcodes or cities with semicolons (;); postcodes may end in * or be ranges (90210...90299).',
          'storeside',
        )}
      </p>
      <fieldset className="storeside-tax-rates" disabled={save.isPending}>
        <legend className="screen-reader-text">{sectionTitle(taxClass)}</legend>
        <ServerTable<RateRow>
          label={sectionTitle(taxClass)}
          columns={rateColumns({ rows, errors: draft.errors, selected, setSelected, onEdit })}
          page={page ? { items: rows, total: page.total, totalPages: page.totalPages } : null}
          loading={loading}
          pageNumber={list.page}
          perPage={list.perPage}
          onPaging={list.setPaging}
          pageSizes={[RATES_PER_PAGE]}
          getItemId={(row) => row.key}
          countLabel={[__('%s rate', 'storeside'), __('%s rates', 'storeside')]}
          empty={__('No rates in this class yet: insert a row or import a CSV file.', 'storeside')}
        />
      </fieldset>
      <div className="storeside-tax-actions">
        <Button variant="secondary" onClick={insert} disabled={save.isPending} accessibleWhenDisabled>
          {__('Insert row', 'storeside')}
        </Button>
        <Button
          variant="secondary"
          onClick={removeSelected}
          disabled={ticked === 0 || save.isPending}
          accessibleWhenDisabled
        >
          {__('Remove selected row(s)', 'storeside')}
        </Button>
        <RatesCsvButtons taxClass={taxClass.slug} firstOrder={firstOrder} />
      </div>
      <p>
        <Button
          variant="primary"
          type="submit"
          isBusy={save.isPending}
          disabled={!dirty || save.isPending}
          accessibleWhenDisabled
        >
          {__('Save changes', 'storeside')}
        </Button>
      </p>
    </form>
  );
}

// What a save that was partly refused tells the owner (the refused rows are marked at their fields).
function refusalMessage(saved: number, refused: number): string {
  if (saved === 0)
    return sprintf(
      _n(
        '%d change was refused: see the row marked below.',
        '%d changes were refused: see the rows marked below.',
        refused,
        'storeside',
      ),
      refused,
    );
  return sprintf(
    _n(
      '%1$d change saved; %2$d refused: see the rows marked below.',
      '%1$d changes saved; %2$d refused: see the rows marked below.',
      saved,
      'storeside',
    ),
    saved,
    refused,
  );
}

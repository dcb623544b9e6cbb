import { CheckboxControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { memo } from 'react';
import type { Column } from '../../../admin/components/server-table.js';
import type { RateFields, RateRow } from './rate-draft.js';

type TextField = 'country' | 'state' | 'postcode' | 'city' | 'rate' | 'name' | 'priority';
type FlagField = 'compound' | 'shipping';

/** Changes fields of the row with this key. */
export type EditRate = (key: string, change: Partial<RateFields>) => void;

/** What the rates table's cells need besides the row: messages, selection and the edit callbacks. */
export interface RateColumnsContext {
  rows: RateRow[];
  errors: Record<string, Record<string, string>>;
  selected: string[];
  setSelected: (keys: string[]) => void;
  onEdit: EditRate;
}

/** The id of a row's input for `field` (the screen focuses an inserted row's first cell, or a refused one). */
export function cellId(key: string, field: keyof RateFields): string {
  return `storeside-tax-rate-${key}-${field}`;
}

/** The columns of WooCommerce's rates table, each cell an input labelled by its column and row number. */
export function rateColumns(context: RateColumnsContext): Column<RateRow>[] {
  const { rows, errors, selected, setSelected, onEdit } = context;
  const number = (row: RateRow) => rows.indexOf(row) + 1;
  const text = (field: TextField, label: string, width: string): Column<RateRow> => ({
    id: field,
    label,
    render: (row) => (
      <TextCell
        rowKey={row.key}
        field={field}
        label={sprintf(__('%1$s, row %2$d', 'storeside'), label, number(row))}
        value={row[field]}
        error={[errors[row.key]?.[field], field === 'country' ? errors[row.key]?.[''] : undefined]
          .filter(Boolean)
          .join(' ')}
        width={width}
        onEdit={onEdit}
      />
    ),
  });
  const flag = (field: FlagField, label: string): Column<RateRow> => ({
    id: field,
    label,
    render: (row) => (
      <FlagCell
        rowKey={row.key}
        field={field}
        label={sprintf(__('%1$s, row %2$d', 'storeside'), label, number(row))}
        checked={row[field]}
        error={errors[row.key]?.[field] ?? ''}
        onEdit={onEdit}
      />
    ),
  });
  const allTicked = rows.length > 0 && rows.every((row) => selected.includes(row.key));
  return [
    {
      id: 'select',
      label: (
        <CheckboxControl
          __nextHasNoMarginBottom
          className="storeside-row-select"
          label={__('Select all rows', 'storeside')}
          checked={allTicked}
          disabled={rows.length === 0}
          onChange={(on) => setSelected(on ? rows.map((row) => row.key) : [])}
        />
      ),
      render: (row) => (
        <CheckboxControl
          __nextHasNoMarginBottom
          className="storeside-row-select"
          label={sprintf(__('Select row %d', 'storeside'), number(row))}
          checked={selected.includes(row.key)}
          onChange={(on) =>
            setSelected(on ? [...selected, row.key] : selected.filter((key) => key !== row.key))
          }
        />
      ),
    },
    text('country', __('Country code', 'storeside'), '4em'),
    text('state', __('State code', 'storeside'), '5em'),
    text('postcode', __('Postcode / ZIP', 'storeside'), '10em'),
    text('city', __('City', 'storeside'), '9em'),
    text('rate', __('Rate %', 'storeside'), '7em'),
    text('name', __('Tax name', 'storeside'), '9em'),
    text('priority', __('Priority', 'storeside'), '4em'),
    flag('compound', __('Compound', 'storeside')),
    flag('shipping', __('Shipping', 'storeside')),
  ];
}

// One text cell; memoised so typing in one cell re-renders that cell only (a page has 700 of them).
const TextCell = memo(function TextCell(props: {
  rowKey: string;
  field: TextField;
  label: string;
  value: string;
  error: string;
  width: string;
  onEdit: EditRate;
}) {
  return (
    <TextControl
      __nextHasNoMarginBottom
      hideLabelFromVision
      id={cellId(props.rowKey, props.field)}
      className={props.error ? 'is-invalid' : undefined}
      style={{ width: props.width }}
      label={props.label}
      value={props.value}
      help={props.error || undefined}
      aria-invalid={props.error ? true : undefined}
      onChange={(value) => props.onEdit(props.rowKey, { [props.field]: value })}
    />
  );
});

// One tick cell (compound, shipping).
const FlagCell = memo(function FlagCell(props: {
  rowKey: string;
  field: FlagField;
  label: string;
  checked: boolean;
  error: string;
  onEdit: EditRate;
}) {
  return (
    <CheckboxControl
      __nextHasNoMarginBottom
      id={cellId(props.rowKey, props.field)}
      className="storeside-row-select"
      label={props.label}
      checked={props.checked}
      help={props.error || undefined}
      onChange={(on) => props.onEdit(props.rowKey, { [props.field]: on })}
    />
  );
});

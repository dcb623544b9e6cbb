import { type FieldErrors, ValidationError } from '../../../platform/http/errors.js';
import { deepMerge } from './deep.js';
import { defaultColumn } from './table-config.defaults.js';
import {
  COLUMN_SETTING_KEYS,
  type TableColumn,
  type TableColumnInput,
  type TableConfig,
  type TableConfigInput,
  type TableSource,
} from './table-config.schemas.js';

/**
 * Applies a client's (schema-valid) configuration over `base` (the defaults for a new table, the stored
 * configuration for an update) and checks the rules a schema cannot express; `field` prefixes error names.
 */
export function applyTableConfig(base: TableConfig, input: TableConfigInput, field = 'data'): TableConfig {
  const { columns, ...rest } = input;
  const merged = deepMerge(base, rest);
  // The admin's picker cache is a map keyed by product id: a save replaces it (a merge would keep removed products).
  // (Its entries were validated complete: `deepPartial` leaves a record's entries as they are.)
  const productObjects = input.source?.queryArgs
    ?.productObjects as TableSource['queryArgs']['productObjects'];
  if (productObjects !== undefined) merged.source.queryArgs.productObjects = productObjects;
  if (columns !== undefined) merged.columns = columns.map(completeColumn);
  assertColumnRules(merged.columns, columns === undefined ? null : `${field}.columns`);
  return merged;
}

/** A client column completed with its type's defaults. */
export function completeColumn(input: TableColumnInput): TableColumn {
  const base = defaultColumn(input.id, input.type, input.heading ?? '');
  return {
    ...base,
    advanced: deepMerge(base.advanced, input.advanced ?? {}),
    settings: { ...base.settings, ...(input.settings ?? {}) },
  };
}

function assertColumnRules(columns: TableColumn[], field: string | null): void {
  if (field === null) return;
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  columns.forEach((column, index) => {
    if (seen.has(column.id))
      errors[`${field}.${index}.id`] = {
        distinct: `${field}.${index}.id must be distinct: column id "${column.id}" is used twice.`,
      };
    seen.add(column.id);
    const allowed = COLUMN_SETTING_KEYS[column.type];
    for (const key of Object.keys(column.settings)) {
      if (!allowed.includes(key))
        errors[`${field}.${index}.settings.${key}`] = {
          unknown: `${field}.${index}.settings.${key} is not a known parameter: ${key} is not an option of ${column.type} columns.`,
        };
    }
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

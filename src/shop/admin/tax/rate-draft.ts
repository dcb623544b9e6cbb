import { fieldErrors, restError } from '../../../admin/api.js';
import type { RatesBatch, RatesBatchAnswer, TaxRate, TaxRateWrite } from './tax-client.js';

/** The editable fields of a rate as the table's inputs hold them (text as typed, the two flags as ticks). */
export interface RateFields {
  country: string;
  state: string;
  postcode: string;
  city: string;
  rate: string;
  name: string;
  priority: string;
  compound: boolean;
  shipping: boolean;
}

/** A row of the rates table: a saved rate (`id`) or one inserted since the last save (`id` null). */
export interface RateRow extends RateFields {
  key: string;
  id: number | null;
}

/** The table's unsaved state, kept across its pages until a save. */
export interface RatesDraft {
  /** Saved rates changed on screen, by row key, with their fields as saved (a save sends only what changed). */
  edits: Record<string, { id: number; saved: RateFields; fields: RateFields }>;
  /** Rows inserted and not saved yet, in table order. */
  added: RateRow[];
  /** Saved rates removed on screen. */
  removed: number[];
  /** What the last save's refusals said: row key → field (`''` for the row as a whole) → message. */
  errors: Record<string, Record<string, string>>;
}

/** A draft without changes. */
export const EMPTY_DRAFT: RatesDraft = { edits: {}, added: [], removed: [], errors: {} };

/** The fields of an inserted row (WooCommerce's defaults: priority 1, shipping taxed). */
const NEW_ROW: RateFields = {
  country: '',
  state: '',
  postcode: '',
  city: '',
  rate: '',
  name: '',
  priority: '1',
  compound: false,
  shipping: true,
};

const FIELDS = Object.keys(NEW_ROW) as Array<keyof RateFields>;
let inserted = 0;

/** A saved rate as a row (postcodes and cities shown as WooCommerce shows them, `; ` between them). */
export function rowOf(rate: TaxRate): RateRow {
  return {
    key: `rate-${rate.id}`,
    id: rate.id,
    country: rate.country,
    state: rate.state,
    postcode: rate.postcodes.join('; '),
    city: rate.cities.join('; '),
    rate: rate.rate,
    name: rate.name,
    priority: String(rate.priority),
    compound: rate.compound,
    shipping: rate.shipping,
  };
}

/** The rows to show: the page's saved rates as edited (removed ones left out), then the inserted rows. */
export function shownRows(items: readonly TaxRate[], draft: RatesDraft): RateRow[] {
  const saved = items
    .filter((rate) => !draft.removed.includes(rate.id))
    .map((rate) => {
      const row = rowOf(rate);
      const edit = draft.edits[row.key];
      return edit ? { ...row, ...edit.fields } : row;
    });
  return [...saved, ...draft.added];
}

/** The draft with one row's fields changed; a saved row changed back to what was saved is no longer an edit. */
export function editRow(draft: RatesDraft, row: RateRow, change: Partial<RateFields>): RatesDraft {
  const errors = { ...draft.errors };
  if (errors[row.key]) {
    const left = Object.fromEntries(Object.entries(errors[row.key]).filter(([field]) => !(field in change)));
    if (Object.keys(left).length > 0) errors[row.key] = left;
    else delete errors[row.key];
  }
  if (row.id === null)
    return {
      ...draft,
      errors,
      added: draft.added.map((other) => (other.key === row.key ? { ...other, ...change } : other)),
    };
  const saved = draft.edits[row.key]?.saved ?? fieldsOf(row);
  const fields = { ...fieldsOf(row), ...change };
  const edits = { ...draft.edits };
  if (FIELDS.every((field) => saved[field] === fields[field])) delete edits[row.key];
  else edits[row.key] = { id: row.id, saved, fields };
  return { ...draft, edits, errors };
}

/** The draft with an empty row at the end of the table, and that row's key (the screen focuses it). */
export function insertRow(draft: RatesDraft): { draft: RatesDraft; key: string } {
  inserted += 1;
  const row: RateRow = { key: `new-${inserted}`, id: null, ...NEW_ROW };
  return { draft: { ...draft, added: [...draft.added, row] }, key: row.key };
}

/** The draft without `rows`: inserted ones are dropped, saved ones will be deleted by the next save. */
export function removeRows(draft: RatesDraft, rows: readonly RateRow[]): RatesDraft {
  const keys = new Set(rows.map((row) => row.key));
  const keep = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => !keys.has(key)));
  return {
    edits: keep(draft.edits),
    added: draft.added.filter((row) => !keys.has(row.key)),
    removed: [...draft.removed, ...rows.flatMap((row) => (row.id === null ? [] : [row.id]))],
    errors: keep(draft.errors),
  };
}

/** True when the draft holds something a save would send. */
export function isDirty(draft: RatesDraft): boolean {
  return Object.keys(draft.edits).length > 0 || draft.added.length > 0 || draft.removed.length > 0;
}

/** One save: the batch request, and which row each create and update item stands for (answers come in order). */
export interface SavePlan {
  body: RatesBatch;
  createKeys: string[];
  updateKeys: string[];
  deleteIds: number[];
}

/**
 * The batch request saving the draft: inserted rows created in `taxClass` at positions from `firstOrder` on (so
 * they follow the class's rates), the changed fields of edited rows, the removed ids.
 */
export function planSave(draft: RatesDraft, taxClass: string, firstOrder: number): SavePlan {
  const edits = Object.entries(draft.edits);
  const body: RatesBatch = {};
  if (draft.added.length > 0)
    body.create = draft.added.map((row, i) => ({ ...writeOf(row), class: taxClass, order: firstOrder + i }));
  if (edits.length > 0)
    body.update = edits.map(([, edit]) => {
      const write = writeOf(edit.fields);
      const changed = FIELDS.filter((field) => edit.saved[field] !== edit.fields[field]);
      return { id: edit.id, ...Object.fromEntries(changed.map((field) => [field, write[field]])) };
    });
  if (draft.removed.length > 0) body.delete = [...draft.removed];
  return {
    body,
    createKeys: draft.added.map((row) => row.key),
    updateKeys: edits.map(([key]) => key),
    deleteIds: [...draft.removed],
  };
}

/**
 * The draft after a save's answer: what was saved leaves it; what was refused stays, with the server's messages
 * at its fields (a refused deletion shows its row again). Answers how many items were saved and refused.
 */
export function afterSave(
  draft: RatesDraft,
  plan: SavePlan,
  answer: RatesBatchAnswer,
): { draft: RatesDraft; saved: number; refused: number } {
  const errors: RatesDraft['errors'] = {};
  const outcome = (items: RatesBatchAnswer['create'], i: number, key: string): boolean => {
    const item = items?.[i];
    if (item && !('error' in item)) return true;
    errors[key] = item ? messagesOf(item.error) : { '': restError(null).message };
    return false;
  };
  const savedKeys = new Set([
    ...plan.createKeys.filter((key, i) => outcome(answer.create, i, key)),
    ...plan.updateKeys.filter((key, i) => outcome(answer.update, i, key)),
  ]);
  const deleted = new Set(plan.deleteIds.filter((id, i) => outcome(answer.delete, i, `rate-${id}`)));
  const edits = Object.fromEntries(Object.entries(draft.edits).filter(([key]) => !savedKeys.has(key)));
  const next: RatesDraft = {
    edits,
    added: draft.added.filter((row) => !savedKeys.has(row.key)),
    removed: draft.removed.filter((id) => !plan.deleteIds.includes(id)),
    errors,
  };
  const refused = Object.keys(errors).length;
  return { draft: next, saved: savedKeys.size + deleted.size, refused };
}

function fieldsOf(row: RateFields): RateFields {
  return Object.fromEntries(FIELDS.map((field) => [field, row[field]])) as unknown as RateFields;
}

// What a row sends: text trimmed, an empty priority as WooCommerce's 1, anything else as typed (the route names it).
function writeOf(fields: RateFields): Required<Pick<TaxRateWrite, keyof RateFields>> {
  const priority = fields.priority.trim();
  return {
    country: fields.country.trim(),
    state: fields.state.trim(),
    postcode: fields.postcode.trim(),
    city: fields.city.trim(),
    rate: fields.rate.trim(),
    name: fields.name.trim(),
    priority: priority === '' ? 1 : /^\d+$/.test(priority) ? Number(priority) : priority,
    compound: fields.compound,
    shipping: fields.shipping,
  };
}

// A refusal's messages by the table's fields (`postcodes.0` is the Postcode / ZIP cell); others are the row's.
function messagesOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fieldErrors(error))) {
    const base = name.replace(/^\//, '').split(/[./[]/)[0]!;
    const field = base === 'postcodes' ? 'postcode' : base === 'cities' ? 'city' : base;
    const key = (FIELDS as string[]).includes(field) ? field : '';
    out[key] = out[key] ? `${out[key]} ${message}` : message;
  }
  return Object.keys(out).length > 0 ? out : { '': restError(error).message };
}

import { describe, expect, it } from 'vitest';
import {
  afterSave,
  EMPTY_DRAFT,
  editRow,
  insertRow,
  isDirty,
  planSave,
  removeRows,
  shownRows,
} from './rate-draft.js';
import type { TaxRate } from './tax-client.js';

function rate(id: number, fields: Partial<TaxRate> = {}): TaxRate {
  return {
    id,
    country: 'GB',
    state: '',
    postcode: '',
    city: '',
    postcodes: [],
    cities: [],
    rate: '20.0000',
    name: 'VAT',
    priority: 1,
    compound: false,
    shipping: true,
    order: id,
    class: 'standard',
    _links: {},
    ...fields,
  };
}

const refusal = (id: number, params: Record<string, string>) => ({
  id,
  error: { code: 'rest_invalid_param', message: 'Invalid parameter(s).', data: { status: 400, params } },
});

describe('rates table draft', () => {
  it('should show saved rows as edited, without removed ones, then inserted rows', () => {
    const items = [rate(1), rate(2, { postcodes: ['SW1A', 'EC1*'] })];
    let draft = editRow(EMPTY_DRAFT, shownRows(items, EMPTY_DRAFT)[0]!, { rate: '5' });
    draft = insertRow(draft).draft;
    const rows = shownRows(items, draft);
    expect(rows.map((r) => [r.id, r.rate, r.postcode])).toEqual([
      [1, '5', ''],
      [2, '20.0000', 'SW1A; EC1*'],
      [null, '', ''],
    ]);
    draft = removeRows(draft, [rows[0]!, rows[2]!]);
    expect(shownRows(items, draft).map((r) => r.id)).toEqual([2]);
    expect(draft).toMatchObject({ edits: {}, added: [], removed: [1] });
  });

  it('should forget an edit changed back to what was saved', () => {
    const [row] = shownRows([rate(1)], EMPTY_DRAFT);
    const edited = editRow(EMPTY_DRAFT, row!, { name: 'Sales tax' });
    expect(isDirty(edited)).toBe(true);
    const back = editRow(edited, shownRows([rate(1)], edited)[0]!, { name: 'VAT' });
    expect(isDirty(back)).toBe(false);
  });

  it('should send inserted rows in the class after the given position, only changed fields, and removals', () => {
    const items = [rate(1), rate(2)];
    let draft = editRow(EMPTY_DRAFT, shownRows(items, EMPTY_DRAFT)[1]!, { compound: true, name: ' VAT 2 ' });
    const { draft: withRow, key } = insertRow(draft);
    draft = editRow(withRow, withRow.added[0]!, { country: 'fr', rate: '20', priority: '' });
    draft = removeRows(draft, [shownRows(items, draft)[0]!]);
    const plan = planSave(draft, 'reduced-rate', 7);
    expect(plan.body).toEqual({
      create: [
        {
          country: 'fr',
          state: '',
          postcode: '',
          city: '',
          rate: '20',
          name: '',
          priority: 1,
          compound: false,
          shipping: true,
          class: 'reduced-rate',
          order: 7,
        },
      ],
      update: [{ id: 2, compound: true, name: 'VAT 2' }],
      delete: [1],
    });
    expect(plan).toMatchObject({ createKeys: [key], updateKeys: ['rate-2'], deleteIds: [1] });
  });

  it('should keep refused rows with the messages at their fields and drop the saved ones', () => {
    const items = [rate(1), rate(2), rate(3)];
    const rows = shownRows(items, EMPTY_DRAFT);
    let draft = editRow(EMPTY_DRAFT, rows[0]!, { rate: 'lots' });
    draft = editRow(draft, rows[1]!, { name: 'Fine' });
    const first = insertRow(draft);
    const second = insertRow(first.draft);
    draft = editRow(second.draft, second.draft.added[1]!, { postcode: 'x' });
    draft = removeRows(draft, [rows[2]!]);
    const plan = planSave(draft, 'standard', 3);
    const {
      draft: next,
      saved,
      refused,
    } = afterSave(draft, plan, {
      create: [rate(9), refusal(0, { 'postcodes/0': 'Too long.' })],
      update: [refusal(1, { rate: 'The rate must be a percentage.' }), rate(2, { name: 'Fine' })],
      delete: [{ id: 3, error: { code: 'woocommerce_rest_invalid_id', message: 'Invalid ID.' } }],
    });
    expect({ saved, refused }).toEqual({ saved: 2, refused: 3 });
    expect(Object.keys(next.edits)).toEqual(['rate-1']);
    expect(next.added.map((r) => r.key)).toEqual([second.key]);
    expect(next.removed).toEqual([]);
    expect(next.errors).toEqual({
      'rate-1': { rate: 'The rate must be a percentage.' },
      [second.key]: { postcode: 'Too long.' },
      'rate-3': { '': 'Invalid ID.' },
    });
    // Typing in a field clears that field's message only.
    const typed = editRow(next, shownRows(items, next)[0]!, { rate: '5' });
    expect(typed.errors['rate-1']).toBeUndefined();
    expect(typed.errors[second.key]).toEqual({ postcode: 'Too long.' });
  });
});

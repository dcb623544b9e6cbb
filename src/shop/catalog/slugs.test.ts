import { describe, expect, it } from 'vitest';
import { freeSlug, slugify } from './slugs.js';

describe('slugs', () => {
  it('should make URL slugs of names', () => {
    expect(slugify('Crème Brûlée  Mug (Large)')).toBe('creme-brulee-mug-large');
    expect(slugify('***')).toBe('item');
  });

  it('should pick the first free numbered slug', () => {
    expect(freeSlug('mug', [])).toBe('mug');
    expect(freeSlug('mug', ['mug', 'mug-2', 'mug-large'])).toBe('mug-3');
  });
});

import { describe, expect, it } from 'vitest';
import { matchingVariation, type Variation } from './variations.js';

const variation = (id: number, attributes: Record<string, string>): Variation => ({
  id,
  attributes,
  price: '$1.00',
  in_stock: true,
  max: null,
});

describe('matchingVariation', () => {
  const variations = [variation(1, { Color: 'Red', Size: 'S' }), variation(2, { Color: 'Red', Size: '' })];

  it('should pick the first variation whose options all match, case-insensitively by attribute name', () => {
    expect(matchingVariation(variations, { color: 'Red', size: 'S' })?.id).toBe(1);
  });

  it('should take an empty option as any value and ignore attributes without a select', () => {
    expect(matchingVariation(variations, { color: 'Red', size: 'M' })?.id).toBe(2);
    expect(matchingVariation([variation(3, { Color: 'Blue', Finish: 'Matte' })], { color: 'Blue' })?.id).toBe(
      3,
    );
  });

  it('should answer null when nothing matches', () => {
    expect(matchingVariation(variations, { color: 'Blue', size: 'S' })).toBeNull();
  });
});

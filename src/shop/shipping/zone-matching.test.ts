import { describe, expect, it } from 'vitest';
import { matchZone, postcodeMatches } from './zone-matching.js';

describe('matchZone', () => {
  const zones = [
    { id: 1, order: 2, locations: [{ code: 'US', type: 'country' as const }] },
    {
      id: 2,
      order: 1,
      locations: [
        { code: 'US:CA', type: 'state' as const },
        { code: '902*', type: 'postcode' as const },
      ],
    },
    { id: 3, order: 3, locations: [{ code: 'EU', type: 'continent' as const }] },
  ];

  it('should pick the first zone by order whose regions and postcodes match', () => {
    expect(matchZone(zones, { country: 'US', state: 'CA', postcode: '90210' })).toBe(2);
    expect(matchZone(zones, { country: 'US', state: 'CA', postcode: '10001' })).toBe(1);
    expect(matchZone(zones, { country: 'us', state: 'NY', postcode: '' })).toBe(1);
    expect(matchZone(zones, { country: 'DE', state: '', postcode: '10115' })).toBe(3);
  });

  it('should answer zone 0 when no zone covers the address', () => {
    expect(matchZone(zones, { country: 'JP', state: '', postcode: '100-0001' })).toBe(0);
    expect(matchZone([], { country: 'US', state: '', postcode: '' })).toBe(0);
  });
});

describe('postcodeMatches', () => {
  it('should match ranges, wildcards and exact codes as WooCommerce', () => {
    expect(postcodeMatches('90210...90299', '90250')).toBe(true);
    expect(postcodeMatches('90210...90299', '90300')).toBe(false);
    expect(postcodeMatches('902*', '90299')).toBe(true);
    expect(postcodeMatches('SW1A*', 'sw1a 1aa')).toBe(true);
    expect(postcodeMatches('SW1A 1AA', 'SW1A1AA')).toBe(true);
    expect(postcodeMatches('90210', '')).toBe(false);
  });
});

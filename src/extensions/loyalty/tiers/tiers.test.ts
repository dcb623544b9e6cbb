import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults.js';
import { tierRank, tierStanding } from './tiers.js';

const tiers = DEFAULT_SETTINGS.tiers_config;

describe('tierStanding', () => {
  it('should pick the highest reached tier and the points needed for the next', () => {
    expect(tierStanding(0, tiers)).toMatchObject({
      tier: { name: 'Bronze' },
      next: { name: 'Silver' },
      pointsNeeded: 1000,
    });
    expect(tierStanding(2775, tiers)).toMatchObject({
      tier: { name: 'Silver' },
      next: { name: 'Gold' },
      pointsNeeded: 2225,
    });
    expect(tierStanding(5000, tiers).tier?.name).toBe('Gold');
    expect(tierStanding(12000, tiers)).toMatchObject({
      tier: { name: 'Platinum' },
      next: null,
      pointsNeeded: 0,
    });
  });

  it('should have no tier below the lowest threshold, and rank tiers by threshold', () => {
    expect(tierStanding(5, [{ name: 'VIP', threshold: 10, multiplier: 2 }]).tier).toBeNull();
    expect(tierRank('Gold', tiers)).toBe(2);
    expect(tierRank('', tiers)).toBe(-1);
  });
});

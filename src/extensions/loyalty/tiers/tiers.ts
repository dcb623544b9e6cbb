import type { Tier } from '../settings/settings.schemas.js';

/** Where a customer stands: their tier (null when no tier applies), the next one and the points still needed. */
export interface TierStanding {
  tier: Tier | null;
  next: Tier | null;
  pointsNeeded: number;
}

/** The highest tier whose threshold is reached by `points` (whole points), and the next one up. */
export function tierStanding(points: number, tiers: readonly Tier[]): TierStanding {
  const sorted = [...tiers].sort((a, b) => a.threshold - b.threshold);
  let tier: Tier | null = null;
  for (const candidate of sorted) if (candidate.threshold <= points) tier = candidate;
  const next = sorted.find((t) => t.threshold > points) ?? null;
  return { tier, next, pointsNeeded: next ? next.threshold - points : 0 };
}

/** The rank of a tier name in the ladder (−1 when unknown or empty). */
export function tierRank(name: string, tiers: readonly Tier[]): number {
  return [...tiers].sort((a, b) => a.threshold - b.threshold).findIndex((t) => t.name === name);
}

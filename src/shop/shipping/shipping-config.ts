import { type CacheLayer, declareCache } from '../../platform/cache/cache-layer.js';
import { bumpTopics } from '../../platform/cache/data-versions.js';
import { defineTopics, PLATFORM_TOPICS } from '../../platform/cache/topics.js';
import type { DbOrTrx } from '../../platform/db/database.js';
import { readOption } from '../../platform/options/options.repository.js';
import { findClasses } from './shipping-classes.repository.js';
import { findLocations, findMethods, findZones, type StoredMethod } from './shipping.repository.js';
import { BASE_COUNTRY_OPTION } from '../settings/store-settings.js';
import { baseAddressOf, type PackageAddress } from './store-base.js';
import type { MatchableZone } from './zone-matching.js';

/** The cache topic every write of zones, locations, methods or classes bumps. */
export const SHIPPING_TOPICS = defineTopics('shipping', ['config']);

/** Everything rates are computed from: the zones with their locations, their methods, the classes' ids. */
export interface ShippingConfig {
  zones: MatchableZone[];
  /** Enabled and disabled methods by zone id, in method order. */
  methods: Map<number, StoredMethod[]>;
  /** Shipping class id by slug. */
  classIds: Map<string, number>;
  /** True when some zone has an enabled method: only then do carts need and charge shipping. */
  active: boolean;
  /** The store's base location, where rates are shown for until the shopper gives an address. */
  base: PackageAddress | null;
}

const CONFIG = declareCache<ShippingConfig>({
  topics: [SHIPPING_TOPICS.config, PLATFORM_TOPICS.options],
  max: 1,
  ttlMs: 3_600_000,
});

/**
 * The shipping configuration (and the store's base location) through the cache layer, even inside a cart's
 * transaction (`db`, read on a miss; a cart never writes it), so a shop reads it once per change, not per cart.
 */
export function shippingConfig(db: DbOrTrx, caches: CacheLayer): Promise<ShippingConfig> {
  return caches.of(CONFIG).getOrCompute('config', () => readConfig(db));
}

/** Marks the cached configuration stale (every instance); call in the transaction of the write. */
export function shippingChanged(db: DbOrTrx): Promise<void> {
  return bumpTopics(db, SHIPPING_TOPICS.config);
}

async function readConfig(db: DbOrTrx): Promise<ShippingConfig> {
  const [zones, locations, methods, classes, base] = await Promise.all([
    findZones(db),
    findLocations(db),
    findMethods(db),
    findClasses(db),
    readOption(db, BASE_COUNTRY_OPTION),
  ]);
  const byZone = new Map<number, StoredMethod[]>();
  for (const method of methods) byZone.set(method.zone_id, [...(byZone.get(method.zone_id) ?? []), method]);
  return {
    zones: zones.map((z) => ({ id: z.id, order: z.order, locations: locations.get(z.id) ?? [] })),
    methods: byZone,
    classIds: new Map(classes.map((c) => [c.slug, c.id])),
    active: methods.some((m) => m.enabled),
    base: baseAddressOf(base === null ? null : JSON.parse(base)),
  };
}

import type { Generated } from 'kysely';
import type { DbOrTrx } from '../../platform/db/database.js';
import type { MethodId } from './method-types.js';
import type { ZoneLocation } from './zone-matching.js';

/** Row of `shop_shipping_zones` (zone 0 is not stored: it always exists). */
export interface ShippingZoneTable {
  id: Generated<number>;
  name: string;
  zone_order: number;
}

/** Row of `shop_shipping_zone_locations`. */
export interface ShippingZoneLocationTable {
  id: Generated<number>;
  zone_id: number;
  code: string;
  type: ZoneLocation['type'];
}

/** Row of `shop_shipping_zone_methods` (`settings`: JSON of the saved string values). */
export interface ShippingZoneMethodTable {
  instance_id: Generated<number>;
  zone_id: number;
  method_id: MethodId;
  method_order: number;
  enabled: number;
  settings: string;
}

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_shipping_zones: ShippingZoneTable;
    shop_shipping_zone_locations: ShippingZoneLocationTable;
    shop_shipping_zone_methods: ShippingZoneMethodTable;
  }
}

/** A stored zone. */
export interface StoredZone {
  id: number;
  name: string;
  order: number;
}

/** A stored method instance. */
export interface StoredMethod {
  instance_id: number;
  zone_id: number;
  method_id: MethodId;
  order: number;
  enabled: boolean;
  settings: Record<string, string>;
}

/** Every stored zone, by `order` then id. */
export async function findZones(db: DbOrTrx): Promise<StoredZone[]> {
  const rows = await db
    .selectFrom('shop_shipping_zones')
    .selectAll()
    .orderBy('zone_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, order: r.zone_order }));
}

/** One stored zone, or null. */
export async function findZone(db: DbOrTrx, id: number): Promise<StoredZone | null> {
  const row = await db.selectFrom('shop_shipping_zones').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, name: row.name, order: row.zone_order } : null;
}

/** Inserts a zone; answers its id. */
export async function insertZone(db: DbOrTrx, zone: Omit<StoredZone, 'id'>): Promise<number> {
  const row = await db
    .insertInto('shop_shipping_zones')
    .values({ name: zone.name, zone_order: zone.order })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a zone's name and order. */
export async function updateZone(db: DbOrTrx, zone: StoredZone): Promise<void> {
  await db
    .updateTable('shop_shipping_zones')
    .set({ name: zone.name, zone_order: zone.order })
    .where('id', '=', zone.id)
    .execute();
}

/** Deletes a zone with its locations and methods. */
export async function deleteZone(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('shop_shipping_zone_locations').where('zone_id', '=', id).execute();
  await db.deleteFrom('shop_shipping_zone_methods').where('zone_id', '=', id).execute();
  await db.deleteFrom('shop_shipping_zones').where('id', '=', id).execute();
}

/** The locations of zones, by zone id (in stored order). */
export async function findLocations(db: DbOrTrx, zoneIds?: number[]): Promise<Map<number, ZoneLocation[]>> {
  if (zoneIds?.length === 0) return new Map();
  let query = db.selectFrom('shop_shipping_zone_locations').selectAll().orderBy('id');
  if (zoneIds) query = query.where('zone_id', 'in', zoneIds);
  const byZone = new Map<number, ZoneLocation[]>();
  for (const row of await query.execute())
    byZone.set(row.zone_id, [...(byZone.get(row.zone_id) ?? []), { code: row.code, type: row.type }]);
  return byZone;
}

/** Replaces the locations of a zone. */
export async function replaceLocations(
  db: DbOrTrx,
  zoneId: number,
  locations: ZoneLocation[],
): Promise<void> {
  await db.deleteFrom('shop_shipping_zone_locations').where('zone_id', '=', zoneId).execute();
  if (locations.length === 0) return;
  await db
    .insertInto('shop_shipping_zone_locations')
    .values(locations.map((l) => ({ zone_id: zoneId, code: l.code, type: l.type })))
    .execute();
}

/** The method instances of a zone (or of every zone), by `order` then instance id. */
export async function findMethods(db: DbOrTrx, zoneId?: number): Promise<StoredMethod[]> {
  let query = db
    .selectFrom('shop_shipping_zone_methods')
    .selectAll()
    .orderBy('method_order')
    .orderBy('instance_id');
  if (zoneId !== undefined) query = query.where('zone_id', '=', zoneId);
  return (await query.execute()).map(toMethod);
}

/** One method instance of a zone, or null. */
export async function findMethod(
  db: DbOrTrx,
  zoneId: number,
  instanceId: number,
): Promise<StoredMethod | null> {
  const row = await db
    .selectFrom('shop_shipping_zone_methods')
    .selectAll()
    .where('zone_id', '=', zoneId)
    .where('instance_id', '=', instanceId)
    .executeTakeFirst();
  return row ? toMethod(row) : null;
}

/** Inserts a method instance; answers its instance id. */
export async function insertMethod(db: DbOrTrx, method: Omit<StoredMethod, 'instance_id'>): Promise<number> {
  const row = await db
    .insertInto('shop_shipping_zone_methods')
    .values({
      zone_id: method.zone_id,
      method_id: method.method_id,
      method_order: method.order,
      enabled: method.enabled ? 1 : 0,
      settings: JSON.stringify(method.settings),
    })
    .returning('instance_id')
    .executeTakeFirstOrThrow();
  return row.instance_id;
}

/** Updates a method instance's order, enabled flag and settings. */
export async function updateMethod(db: DbOrTrx, method: StoredMethod): Promise<void> {
  await db
    .updateTable('shop_shipping_zone_methods')
    .set({
      method_order: method.order,
      enabled: method.enabled ? 1 : 0,
      settings: JSON.stringify(method.settings),
    })
    .where('instance_id', '=', method.instance_id)
    .execute();
}

/** Deletes a method instance. */
export async function deleteMethod(db: DbOrTrx, instanceId: number): Promise<void> {
  await db.deleteFrom('shop_shipping_zone_methods').where('instance_id', '=', instanceId).execute();
}

function toMethod(row: {
  instance_id: number;
  zone_id: number;
  method_id: MethodId;
  method_order: number;
  enabled: number;
  settings: string;
}): StoredMethod {
  return {
    instance_id: row.instance_id,
    zone_id: row.zone_id,
    method_id: row.method_id,
    order: row.method_order,
    enabled: row.enabled === 1,
    settings: JSON.parse(row.settings) as Record<string, string>,
  };
}

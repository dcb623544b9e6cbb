import type { DbOrTrx } from '../../platform/db/database.js';
import { type FieldErrors, NotFoundError, RestError, ValidationError } from '../../platform/http/errors.js';
import { findClasses } from './shipping-classes.repository.js';
import { continentName } from '../addresses/countries.js';
import { shippingChanged } from './shipping-config.js';
import { checkSettings, METHOD_IDS, type MethodId } from './method-types.js';
import {
  deleteMethod,
  deleteZone,
  findLocations,
  findMethod,
  findMethods,
  findZone,
  findZones,
  insertMethod,
  insertZone,
  replaceLocations,
  type StoredMethod,
  type StoredZone,
  updateMethod,
  updateZone,
} from './shipping.repository.js';
import type { ZoneLocation } from './zone-matching.js';

/** Zone 0: it always exists, holds no locations, and serves every address no other zone covers. */
export const REST_OF_WORLD: StoredZone = {
  id: 0,
  name: 'Locations not covered by your other zones',
  order: 0,
};

/** Every zone, zone 0 first (as WooCommerce lists them). */
export async function listZones(db: DbOrTrx): Promise<StoredZone[]> {
  return [REST_OF_WORLD, ...(await findZones(db))];
}

/** The shipping classes a flat rate offers a cost for. */
export function classRefs(db: DbOrTrx): Promise<Array<{ id: number; name: string }>> {
  return findClasses(db);
}

/** A zone (zone 0 included), or 404 `woocommerce_rest_shipping_zone_invalid`. */
export async function requireZone(db: DbOrTrx, id: number): Promise<StoredZone> {
  const zone = id === 0 ? REST_OF_WORLD : await findZone(db, id);
  if (!zone) throw new NotFoundError('woocommerce_rest_shipping_zone_invalid', 'Resource does not exist.');
  return zone;
}

/** Creates a zone (`name` required, `order` defaults to 0). */
export async function createZone(db: DbOrTrx, input: { name?: string; order?: number }): Promise<StoredZone> {
  const name = checkName(input.name, true);
  const zone = { name, order: input.order ?? 0 };
  const id = await insertZone(db, zone);
  await shippingChanged(db);
  return { id, ...zone };
}

/** Renames or reorders a zone; zone 0 cannot be changed (403, as WooCommerce). */
export async function changeZone(
  db: DbOrTrx,
  id: number,
  input: { name?: string; order?: number },
): Promise<StoredZone> {
  const zone = await requireZone(db, id);
  if (id === 0) throw restOfWorldError('updated');
  const next = {
    ...zone,
    name: input.name === undefined ? zone.name : checkName(input.name, false),
    order: input.order ?? zone.order,
  };
  await updateZone(db, next);
  await shippingChanged(db);
  return next;
}

/** Deletes a zone with its locations and methods; zone 0 cannot be deleted (403). */
export async function removeZone(db: DbOrTrx, id: number): Promise<StoredZone> {
  const zone = await requireZone(db, id);
  if (id === 0) throw restOfWorldError('deleted');
  await deleteZone(db, id);
  await shippingChanged(db);
  return zone;
}

/** The locations of a zone (zone 0 has none). */
export async function zoneLocations(db: DbOrTrx, id: number): Promise<ZoneLocation[]> {
  await requireZone(db, id);
  return (await findLocations(db, [id])).get(id) ?? [];
}

/**
 * Replaces a zone's locations (WooCommerce's `PUT …/locations`): `type` defaults to `country`; codes are checked
 * per type (`US`, `US:CA`, a WooCommerce continent, a postcode/range/wildcard) and duplicates dropped.
 */
export async function setZoneLocations(
  db: DbOrTrx,
  id: number,
  input: Array<{ code: string; type?: string }>,
): Promise<ZoneLocation[]> {
  await requireZone(db, id);
  if (id === 0) throw restOfWorldError('updated');
  const errors: FieldErrors = {};
  const locations: ZoneLocation[] = [];
  input.forEach((item, i) => {
    const type = (item.type ?? 'country') as ZoneLocation['type'];
    const code = item.code.trim().toUpperCase();
    const problem = locationProblem(type, code);
    if (problem) errors[`locations[${i}]`] = problem;
    else if (!locations.some((l) => l.type === type && l.code === code)) locations.push({ code, type });
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await replaceLocations(db, id, locations);
  await shippingChanged(db);
  return locations;
}

/** The method instances of a zone. */
export async function zoneMethods(db: DbOrTrx, zoneId: number): Promise<StoredMethod[]> {
  await requireZone(db, zoneId);
  return findMethods(db, zoneId);
}

/** One method instance of a zone, or 404 `woocommerce_rest_shipping_zone_method_invalid`. */
export async function requireMethod(db: DbOrTrx, zoneId: number, instanceId: number): Promise<StoredMethod> {
  await requireZone(db, zoneId);
  const method = await findMethod(db, zoneId, instanceId);
  if (!method)
    throw new NotFoundError('woocommerce_rest_shipping_zone_method_invalid', 'Resource does not exist.');
  return method;
}

/** What a client may set on a method instance. */
export interface MethodInput {
  enabled?: boolean;
  order?: number;
  settings?: Record<string, unknown>;
}

/** Adds a method to a zone (`method_id` one of {@link METHOD_IDS}; settings checked per method). */
export async function addZoneMethod(
  db: DbOrTrx,
  zoneId: number,
  input: MethodInput & { method_id: string },
  minorUnit: number,
): Promise<StoredMethod> {
  await requireZone(db, zoneId);
  if (!(METHOD_IDS as readonly string[]).includes(input.method_id))
    throw new ValidationError({
      method_id: { in: `The method_id must be one of: ${METHOD_IDS.join(', ')}.` },
    });
  const methodId = input.method_id as MethodId;
  const settings = await checkedSettings(db, methodId, input.settings ?? {}, minorUnit);
  const existing = await findMethods(db, zoneId);
  const method = {
    zone_id: zoneId,
    method_id: methodId,
    order: input.order ?? existing.reduce((max, m) => Math.max(max, m.order + 1), 0),
    enabled: input.enabled ?? true,
    settings,
  };
  const instanceId = await insertMethod(db, method);
  await shippingChanged(db);
  return { instance_id: instanceId, ...method };
}

/** Changes a method instance's enabled flag, order or settings (settings merge into the saved ones). */
export async function changeZoneMethod(
  db: DbOrTrx,
  zoneId: number,
  instanceId: number,
  input: MethodInput,
  minorUnit: number,
): Promise<StoredMethod> {
  const method = await requireMethod(db, zoneId, instanceId);
  const settings = await checkedSettings(db, method.method_id, input.settings ?? {}, minorUnit);
  const next = {
    ...method,
    enabled: input.enabled ?? method.enabled,
    order: input.order ?? method.order,
    settings: { ...method.settings, ...settings },
  };
  await updateMethod(db, next);
  await shippingChanged(db);
  return next;
}

/** Deletes a method instance. */
export async function removeZoneMethod(
  db: DbOrTrx,
  zoneId: number,
  instanceId: number,
): Promise<StoredMethod> {
  const method = await requireMethod(db, zoneId, instanceId);
  await deleteMethod(db, instanceId);
  await shippingChanged(db);
  return method;
}

async function checkedSettings(
  db: DbOrTrx,
  methodId: MethodId,
  values: Record<string, unknown>,
  minorUnit: number,
): Promise<Record<string, string>> {
  const classes = methodId === 'flat_rate' ? await findClasses(db) : [];
  const checked = checkSettings(methodId, values, classes, minorUnit);
  if (Object.keys(checked.errors).length > 0) throw new ValidationError(checked.errors);
  return checked.values;
}

function checkName(name: string | undefined, required: boolean): string {
  const trimmed = name?.trim() ?? '';
  if (trimmed === '' && (required || name !== undefined))
    throw new ValidationError({ name: { required: 'The zone name is required.' } });
  if (trimmed.length > 200)
    throw new ValidationError({ name: { max: 'The zone name may not exceed 200 characters.' } });
  return trimmed;
}

function locationProblem(type: string, code: string): Record<string, string> | null {
  if (!['country', 'state', 'postcode', 'continent'].includes(type))
    return { in: 'The location type must be one of: country, state, postcode, continent.' };
  if (type === 'country' && !/^[A-Z]{2}$/.test(code))
    return { in: `"${code}" is not an ISO 3166-1 alpha-2 country code.` };
  if (type === 'state' && !/^[A-Z]{2}:[A-Z0-9-]{1,10}$/.test(code))
    return { in: `"${code}" is not a state code such as US:CA.` };
  if (type === 'continent' && continentName(code) === null)
    return { in: `"${code}" is not a continent code (AF, AN, AS, EU, NA, OC, SA).` };
  if (type === 'postcode' && !/^[A-Z0-9 *.-]{1,50}$/.test(code))
    return { in: `"${code}" is not a postcode, a range (90210...90299) or a wildcard (902*).` };
  return null;
}

function restOfWorldError(what: 'updated' | 'deleted'): RestError {
  return new RestError(
    'woocommerce_rest_shipping_zone_invalid_zone',
    `The "locations not covered by your other zones" zone cannot be ${what}.`,
    403,
  );
}

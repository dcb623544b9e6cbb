import type { Static } from '@sinclair/typebox';
import { api } from '../../../admin/api.js';
import type {
  ClassResponse,
  LocationResponse,
  MethodResponse,
  ZoneResponse,
} from '../../shipping/shipping.schemas.js';

/** A shipping zone as `wc/v3/shipping/zones` shows it. */
export type Zone = Static<typeof ZoneResponse>;
/** A zone location. */
export type ZoneLocation = Static<typeof LocationResponse>;
/** A zone's method instance with its settings. */
export type ZoneMethod = Static<typeof MethodResponse>;
/** A shipping class. */
export type ShippingClass = Static<typeof ClassResponse>;

/** The zones route (the list, and the prefix every zone read shares). */
export const ZONES_ROUTE = '/wc/v3/shipping/zones';
/** The shipping classes route. */
export const CLASSES_ROUTE = '/wc/v3/products/shipping_classes';

/** Creates a zone (no id) or renames / reorders one. */
export function saveZone(id: number | null, body: { name?: string; order?: number }): Promise<Zone> {
  return api({ path: id === null ? ZONES_ROUTE : `${ZONES_ROUTE}/${id}`, method: 'POST', data: body });
}

/** Deletes a zone with its locations and methods. */
export function deleteZone(id: number): Promise<Zone> {
  return api({ path: `${ZONES_ROUTE}/${id}?force=true`, method: 'DELETE' });
}

/** Replaces a zone's locations. */
export function saveLocations(
  id: number,
  locations: Array<{ code: string; type: string }>,
): Promise<ZoneLocation[]> {
  return api({ path: `${ZONES_ROUTE}/${id}/locations`, method: 'PUT', data: locations });
}

/** Adds a method to a zone. */
export function addMethod(zoneId: number, methodId: string): Promise<ZoneMethod> {
  return api({ path: `${ZONES_ROUTE}/${zoneId}/methods`, method: 'POST', data: { method_id: methodId } });
}

/** Changes a method's enabled flag or settings. */
export function saveMethod(
  zoneId: number,
  instanceId: number,
  body: { enabled?: boolean; settings?: Record<string, string> },
): Promise<ZoneMethod> {
  return api({ path: `${ZONES_ROUTE}/${zoneId}/methods/${instanceId}`, method: 'PUT', data: body });
}

/** Deletes a method of a zone. */
export function deleteMethod(zoneId: number, instanceId: number): Promise<ZoneMethod> {
  return api({ path: `${ZONES_ROUTE}/${zoneId}/methods/${instanceId}?force=true`, method: 'DELETE' });
}

/** Creates a shipping class (no id) or updates one. */
export function saveClass(
  id: number | null,
  body: { name?: string; slug?: string; description?: string },
): Promise<ShippingClass> {
  return api({ path: id === null ? CLASSES_ROUTE : `${CLASSES_ROUTE}/${id}`, method: 'POST', data: body });
}

/** Deletes a shipping class. */
export function deleteClass(id: number): Promise<ShippingClass> {
  return api({ path: `${CLASSES_ROUTE}/${id}?force=true`, method: 'DELETE' });
}

/** A zone's locations as the editor's two text areas: regions (`US`, `US:CA`, `EU`) and postcodes, one a line. */
export function locationsText(locations: ZoneLocation[]): { regions: string; postcodes: string } {
  const lines = (postcode: boolean) =>
    locations
      .filter((l) => (l.type === 'postcode') === postcode)
      .map((l) => l.code)
      .join('\n');
  return { regions: lines(false), postcodes: lines(true) };
}

/** The editor's text areas back to locations: a region's type follows its form (`EU` continents, `US:CA` states). */
export function locationsFrom(text: {
  regions: string;
  postcodes: string;
}): Array<{ code: string; type: string }> {
  const split = (value: string) =>
    value
      .split(/[\n,]/)
      .map((line) => line.trim())
      .filter(Boolean);
  const continents = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'];
  return [
    ...split(text.regions).map((code) => {
      const upper = code.toUpperCase();
      const type = upper.includes(':') ? 'state' : continents.includes(upper) ? 'continent' : 'country';
      return { code: upper, type };
    }),
    ...split(text.postcodes).map((code) => ({ code, type: 'postcode' })),
  ];
}

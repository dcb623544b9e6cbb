import type { Static } from '@sinclair/typebox';
import type { StoredClass } from './shipping-classes.repository.js';
import { type ClassRef, METHOD_INFO, type MethodId, settingFields } from './method-types.js';
import type { StoredMethod, StoredZone } from './shipping.repository.js';
import type {
  ClassResponse,
  LocationResponse,
  MethodResponse,
  ShippingMethodResponse,
  ZoneResponse,
} from './shipping.schemas.js';
import { settingOf } from './shipping-rates.js';
import type { ZoneLocation } from './zone-matching.js';

const link = (href: string) => [{ href }];

/** A zone in WooCommerce's shape. */
export function zoneView(zone: StoredZone, base: string): Static<typeof ZoneResponse> {
  const zones = `${base}/wp-json/wc/v3/shipping/zones`;
  return {
    id: zone.id,
    name: zone.name,
    order: zone.order,
    _links: {
      self: link(`${zones}/${zone.id}`),
      collection: link(zones),
      describedby: link(`${zones}/${zone.id}/locations`),
    },
  };
}

/** A zone location in WooCommerce's shape. */
export function locationView(
  zoneId: number,
  location: ZoneLocation,
  base: string,
): Static<typeof LocationResponse> {
  const zone = `${base}/wp-json/wc/v3/shipping/zones/${zoneId}`;
  return { ...location, _links: { collection: link(`${zone}/locations`), describes: link(zone) } };
}

/** A method instance in WooCommerce's shape (every setting with its value). */
export function methodView(
  method: StoredMethod,
  classes: readonly ClassRef[],
  base: string,
): Static<typeof MethodResponse> {
  const zone = `${base}/wp-json/wc/v3/shipping/zones/${method.zone_id}`;
  const fields = settingFields(method.method_id, method.method_id === 'flat_rate' ? classes : []);
  return {
    id: method.instance_id,
    instance_id: method.instance_id,
    title: settingOf(method, 'title'),
    order: method.order,
    enabled: method.enabled,
    method_id: method.method_id,
    method_title: METHOD_INFO[method.method_id].title,
    method_description: METHOD_INFO[method.method_id].description,
    settings: Object.fromEntries(
      fields
        .filter((f) => f.type !== 'title')
        .map((f) => [f.id, { ...f, value: method.settings[f.id] ?? f.default }]),
    ),
    _links: {
      self: link(`${zone}/methods/${method.instance_id}`),
      collection: link(`${zone}/methods`),
      describes: link(zone),
    },
  };
}

/** A shipping method type (`wc/v3/shipping_methods`). */
export function shippingMethodView(id: MethodId, base: string): Static<typeof ShippingMethodResponse> {
  const methods = `${base}/wp-json/wc/v3/shipping_methods`;
  return {
    id,
    title: METHOD_INFO[id].title,
    description: METHOD_INFO[id].description,
    _links: { self: link(`${methods}/${id}`), collection: link(methods) },
  };
}

/** A shipping class in WooCommerce's shape (`count` = products and variations using it). */
export function classView(
  shippingClass: StoredClass,
  count: number,
  base: string,
): Static<typeof ClassResponse> {
  const classes = `${base}/wp-json/wc/v3/products/shipping_classes`;
  return {
    ...shippingClass,
    count,
    _links: { self: link(`${classes}/${shippingClass.id}`), collection: link(classes) },
  };
}

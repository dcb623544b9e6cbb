import { type Static, Type } from '@sinclair/typebox';
import type { DbOrTrx } from '../../platform/db/database.js';
import type { RestApp } from '../../platform/http/server.js';
import { trashNotSupported } from '../catalog/tags.routes.js';
import type { ShopContext } from '../shop-part.js';
import {
  ForceQuery,
  LocationResponse,
  LocationsBody,
  MethodCreateBody,
  MethodParams,
  MethodResponse,
  MethodUpdateBody,
  ZoneIdParams,
  ZoneResponse,
  ZoneWriteBody,
} from './shipping.schemas.js';
import { locationView, methodView, zoneView } from './shipping-views.js';
import {
  addZoneMethod,
  changeZone,
  changeZoneMethod,
  createZone,
  listZones,
  classRefs,
  removeZone,
  removeZoneMethod,
  requireMethod,
  requireZone,
  setZoneLocations,
  zoneLocations,
  zoneMethods,
} from './shipping-zones.service.js';

/** Shipping settings routes need WooCommerce's own capability (shop managers and administrators have it). */
export const SHIPPING_AUTH = {
  access: 'capability',
  capability: 'manage_woocommerce',
  nonce: 'cookie',
} as const;
const TAGS = ['shop: shipping'];

/** `wc/v3/shipping/zones` with their locations and methods, as WooCommerce has them. */
export function registerZoneRoutes(app: RestApp, ctx: ShopContext): void {
  const base = () => ctx.config.publicUrl;
  const minorUnit = () => ctx.shop.currency.minorUnit;
  const config = { auth: SHIPPING_AUTH };
  const inTransaction = <T>(work: (trx: DbOrTrx) => Promise<T>) => ctx.db.transaction().execute(work);

  app.get(
    '/wc/v3/shipping/zones',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'List shipping zones (zone 0, "Locations not covered by your other zones", first).',
        response: { 200: Type.Array(ZoneResponse) },
      },
    },
    async () => (await listZones(ctx.db)).map((z) => zoneView(z, base())),
  );

  app.post(
    '/wc/v3/shipping/zones',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Create a shipping zone.',
        body: ZoneWriteBody,
        response: { 201: ZoneResponse },
      },
    },
    async (request, reply) => {
      const zone = await inTransaction((trx) => createZone(trx, request.body));
      reply.code(201);
      reply.header('Location', `${base()}/wp-json/wc/v3/shipping/zones/${zone.id}`);
      return zoneView(zone, base());
    },
  );

  app.get(
    '/wc/v3/shipping/zones/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Read a shipping zone.',
        params: ZoneIdParams,
        response: { 200: ZoneResponse },
      },
    },
    async (request) => zoneView(await requireZone(ctx.db, request.params.id), base()),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/shipping/zones/:id',
      config,
      schema: {
        tags: TAGS,
        summary: 'Rename or reorder a shipping zone (zone 0 cannot be changed).',
        params: ZoneIdParams,
        body: ZoneWriteBody,
        response: { 200: ZoneResponse },
      },
      handler: async (request) => {
        const { id } = request.params as Static<typeof ZoneIdParams>;
        return zoneView(
          await inTransaction((trx) => changeZone(trx, id, request.body as Static<typeof ZoneWriteBody>)),
          base(),
        );
      },
    });

  app.delete(
    '/wc/v3/shipping/zones/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Delete a shipping zone with its locations and methods (`force=true` required).',
        params: ZoneIdParams,
        querystring: ForceQuery,
        response: { 200: ZoneResponse },
      },
    },
    async (request) => {
      await requireZone(ctx.db, request.params.id);
      if (request.query.force !== true) throw trashNotSupported();
      return zoneView(await inTransaction((trx) => removeZone(trx, request.params.id)), base());
    },
  );

  app.get(
    '/wc/v3/shipping/zones/:id/locations',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'List the locations of a shipping zone.',
        params: ZoneIdParams,
        response: { 200: Type.Array(LocationResponse) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return (await zoneLocations(ctx.db, id)).map((l) => locationView(id, l, base()));
    },
  );

  for (const method of ['PUT', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/shipping/zones/:id/locations',
      config,
      schema: {
        tags: TAGS,
        summary: 'Replace the locations of a shipping zone (country, state `US:CA`, postcode, continent).',
        params: ZoneIdParams,
        body: LocationsBody,
        response: { 200: Type.Array(LocationResponse) },
      },
      handler: async (request) => {
        const { id } = request.params as Static<typeof ZoneIdParams>;
        const body = request.body as Static<typeof LocationsBody>;
        const saved = await inTransaction((trx) => setZoneLocations(trx, id, body));
        return saved.map((l) => locationView(id, l, base()));
      },
    });

  const view = async (m: Parameters<typeof methodView>[0]) => methodView(m, await classRefs(ctx.db), base());

  app.get(
    '/wc/v3/shipping/zones/:id/methods',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'List the shipping methods of a zone.',
        params: ZoneIdParams,
        response: { 200: Type.Array(MethodResponse) },
      },
    },
    async (request) => {
      const classes = await classRefs(ctx.db);
      return (await zoneMethods(ctx.db, request.params.id)).map((m) => methodView(m, classes, base()));
    },
  );

  app.post(
    '/wc/v3/shipping/zones/:id/methods',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Add a shipping method (`flat_rate`, `free_shipping`, `local_pickup`) to a zone.',
        params: ZoneIdParams,
        body: MethodCreateBody,
        response: { 201: MethodResponse },
      },
    },
    async (request, reply) => {
      const method = await inTransaction((trx) =>
        addZoneMethod(trx, request.params.id, request.body, minorUnit()),
      );
      reply.code(201);
      return view(method);
    },
  );

  app.get(
    '/wc/v3/shipping/zones/:id/methods/:instance_id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Read a shipping method of a zone.',
        params: MethodParams,
        response: { 200: MethodResponse },
      },
    },
    async (request) => view(await requireMethod(ctx.db, request.params.id, request.params.instance_id)),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const)
    app.route({
      method,
      url: '/wc/v3/shipping/zones/:id/methods/:instance_id',
      config,
      schema: {
        tags: TAGS,
        summary: "Enable, disable, reorder or change the settings of a zone's shipping method.",
        params: MethodParams,
        body: MethodUpdateBody,
        response: { 200: MethodResponse },
      },
      handler: async (request) => {
        const { id, instance_id } = request.params as Static<typeof MethodParams>;
        const body = request.body as Static<typeof MethodUpdateBody>;
        return view(await inTransaction((trx) => changeZoneMethod(trx, id, instance_id, body, minorUnit())));
      },
    });

  app.delete(
    '/wc/v3/shipping/zones/:id/methods/:instance_id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Delete a shipping method of a zone (`force=true` required).',
        params: MethodParams,
        querystring: ForceQuery,
        response: { 200: MethodResponse },
      },
    },
    async (request) => {
      const { id, instance_id } = request.params;
      await requireMethod(ctx.db, id, instance_id);
      if (request.query.force !== true) throw trashNotSupported();
      return view(await inTransaction((trx) => removeZoneMethod(trx, id, instance_id)));
    },
  );
}

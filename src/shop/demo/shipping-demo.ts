import { findZones } from '../shipping/shipping.repository.js';
import { addZoneMethod, createZone, setZoneLocations } from '../shipping/shipping-zones.service.js';
import type { DemoStep, ShopContext } from '../shop-part.js';

/**
 * The demo shop's shipping (skipped once the shop has any zone): a US zone with a flat rate and free shipping
 * from 100.00, and a Europe zone with a flat rate, a per-item express rate and free shipping from 150.00.
 */
export function demoShippingStep(ctx: ShopContext): DemoStep {
  return async ({ print }) => {
    if ((await findZones(ctx.db)).length > 0) return;
    const minorUnit = ctx.shop.currency.minorUnit;
    await ctx.db.transaction().execute(async (trx) => {
      const us = await createZone(trx, { name: 'United States', order: 0 });
      await setZoneLocations(trx, us.id, [{ code: 'US', type: 'country' }]);
      await addZoneMethod(
        trx,
        us.id,
        { method_id: 'flat_rate', settings: { title: 'Standard', cost: '4.95' } },
        minorUnit,
      );
      await addZoneMethod(
        trx,
        us.id,
        { method_id: 'free_shipping', settings: { requires: 'min_amount', min_amount: '100.00' } },
        minorUnit,
      );
      const eu = await createZone(trx, { name: 'Europe', order: 1 });
      await setZoneLocations(trx, eu.id, [{ code: 'EU', type: 'continent' }]);
      await addZoneMethod(
        trx,
        eu.id,
        { method_id: 'flat_rate', settings: { title: 'Standard', cost: '12.00' } },
        minorUnit,
      );
      await addZoneMethod(
        trx,
        eu.id,
        { method_id: 'flat_rate', settings: { title: 'Express', cost: '19.00 + 2.00 * [qty]' } },
        minorUnit,
      );
      await addZoneMethod(
        trx,
        eu.id,
        { method_id: 'free_shipping', settings: { requires: 'min_amount', min_amount: '150.00' } },
        minorUnit,
      );
    });
    print(
      'Shipping: a United States zone (flat rate, free over 100.00) and a Europe zone (flat, express, free over 150.00).',
    );
  };
}

import { type Static, Type } from '@sinclair/typebox';

/** `GET /shop/v1/demo`: whether the dashboard offers to fill the shop with the demo data. */
export const DemoOfferSchema = Type.Object({
  available: Type.Boolean({
    description:
      'True while the shop has no published product and the demo data was not added from here before.',
  }),
});

/** `POST /shop/v1/demo`: the shop after the demo data was added. */
export const DemoFilledSchema = Type.Object({
  products: Type.Integer({ description: 'Published products now in the shop.' }),
});

/** The demo offer. */
export type DemoOffer = Static<typeof DemoOfferSchema>;
/** The filled shop. */
export type DemoFilled = Static<typeof DemoFilledSchema>;

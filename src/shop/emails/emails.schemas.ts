import { Type } from '@sinclair/typebox';

/** One of the shop's e-mails as the admin's list shows it. */
export const ShopEmailSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  audience: Type.Union([Type.Literal('customer'), Type.Literal('owner')]),
  enabled: Type.Boolean(),
  /** Owner e-mails: the addresses it goes to (the admin's when none is set); '' for customer e-mails. */
  recipient: Type.String(),
});

/** Path of one e-mail's routes. */
export const EmailIdParams = Type.Object({ id: Type.String({ pattern: '^[a-z_]+$', maxLength: 100 }) });

/** Query of the preview: the order to show (default: the newest order, else a sample). */
export const EmailPreviewQuery = Type.Object({
  order_id: Type.Optional(Type.Integer({ minimum: 1 })),
});

/** A rendered preview. */
export const EmailPreviewSchema = Type.Object({
  subject: Type.String(),
  html: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  /** The order it shows; null for the sample order. */
  order_id: Type.Union([Type.Integer(), Type.Null()]),
});

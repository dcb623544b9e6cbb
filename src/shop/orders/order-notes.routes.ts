import { type Static, Type } from '@sinclair/typebox';
import { principalUser } from '../../platform/auth/principal.js';
import { toIsoNoZone } from '../../platform/db/sql-helpers.js';
import { RestError } from '../../platform/http/errors.js';
import type { RestApp } from '../../platform/http/server.js';
import type { ShopContext } from '../shop-part.js';
import {
  addOrderNote,
  type OrderNote,
  orderNotes,
  removeOrderNote,
  requireOrderNote,
} from './order-notes.service.js';
import { OrderIdParams, OrderNoteCreateBody, OrderNoteIdParams, OrderNoteSchema } from './orders.schemas.js';

const AUTH = { access: 'capability', capability: 'manage_shop', nonce: 'cookie' } as const;
const TAGS = ['shop: orders'];

/** `wc/v3/orders/{id}/notes`: list, add, read and delete an order's notes, for shop managers. */
export function registerOrderNoteRoutes(app: RestApp, ctx: ShopContext): void {
  app.get(
    '/wc/v3/orders/:id/notes',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: "An order's notes, newest first (type=customer or internal narrows them).",
        params: OrderIdParams,
        querystring: Type.Object({
          type: Type.Optional(
            Type.Union([Type.Literal('any'), Type.Literal('customer'), Type.Literal('internal')]),
          ),
        }),
        response: { 200: Type.Array(OrderNoteSchema) },
      },
    },
    async (request) => (await orderNotes(ctx, request.params.id, request.query.type ?? 'any')).map(noteView),
  );

  app.post(
    '/wc/v3/orders/:id/notes',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary:
          'Add a note to an order (customer_note: e-mailed to the billing e-mail; added_by_user: attributed to the caller, else to the system).',
        params: OrderIdParams,
        body: OrderNoteCreateBody,
        response: { 201: OrderNoteSchema },
      },
    },
    async (request, reply) => {
      const note = await addOrderNote(ctx, {
        orderId: request.params.id,
        note: request.body.note,
        customerNote: request.body.customer_note === true,
        author: request.body.added_by_user === true ? principalUser(request.principal) : null,
      });
      reply.code(201);
      reply.header(
        'Location',
        `${ctx.config.publicUrl}/wp-json/wc/v3/orders/${note.order_id}/notes/${note.id}`,
      );
      return noteView(note);
    },
  );

  app.get(
    '/wc/v3/orders/:id/notes/:note_id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'One note of an order.',
        params: OrderNoteIdParams,
        response: { 200: OrderNoteSchema },
      },
    },
    async (request) => noteView(await requireOrderNote(ctx, request.params.id, request.params.note_id)),
  );

  app.delete(
    '/wc/v3/orders/:id/notes/:note_id',
    {
      config: { auth: AUTH },
      schema: {
        tags: TAGS,
        summary: 'Delete an order note for good (force=true required: notes have no trash).',
        params: OrderNoteIdParams,
        querystring: Type.Object({ force: Type.Optional(Type.Boolean()) }),
        response: { 200: OrderNoteSchema },
      },
    },
    async (request) => {
      const { id, note_id: noteId } = request.params;
      if (request.query.force !== true) {
        await requireOrderNote(ctx, id, noteId);
        throw new RestError(
          'woocommerce_rest_trash_not_supported',
          'Order notes do not support trashing.',
          501,
        );
      }
      return noteView(await removeOrderNote(ctx, id, noteId));
    },
  );
}

function noteView(note: OrderNote): Static<typeof OrderNoteSchema> {
  const created = toIsoNoZone(note.created_at) ?? '';
  return {
    id: note.id,
    author: note.author,
    date_created: created,
    date_created_gmt: created,
    note: note.note,
    customer_note: note.customer_note === 1,
    added_by_user: note.added_by !== null,
  };
}

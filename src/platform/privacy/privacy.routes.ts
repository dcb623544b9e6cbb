import { Type } from '@sinclair/typebox';
import type { PlatformContext } from '../context.js';
import { pageWindow, paginationQuery, setPaginationHeaders } from '../http/collection.js';
import type { RestApp } from '../http/server.js';
import {
  addErasureRequest,
  erasureRequestView,
  erasureRequestsPage,
  removeErasureRequest,
  runErasure,
} from './erasure-requests.service.js';
import { AddErasureRequestBody, ErasureRequestSchema } from './privacy.schemas.js';

/** The capability of Tools → Erase Personal Data (WordPress's, administrators only). */
export const ERASE_CAPABILITY = 'erase_others_personal_data';

const auth = { access: 'capability', capability: ERASE_CAPABILITY, nonce: 'cookie' } as const;
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** `platform/v1/privacy/erasure-requests`: list, add, erase and delete personal-data erasure requests. */
export function registerPrivacyRoutes(app: RestApp, ctx: PlatformContext): void {
  app.get(
    '/platform/v1/privacy/erasure-requests',
    {
      config: { auth },
      schema: {
        tags: ['platform'],
        summary: 'Personal-data erasure requests, newest first.',
        querystring: Type.Object({
          ...paginationQuery(20),
          status: Type.Optional(
            Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('completed')]),
          ),
        }),
        response: { 200: Type.Array(ErasureRequestSchema) },
      },
    },
    async (request, reply) => {
      const { page = 1, per_page = 20, status } = request.query;
      const { rows, total } = await erasureRequestsPage(ctx, { status, ...pageWindow(page, per_page) });
      setPaginationHeaders(request, reply, {
        total,
        page,
        perPage: per_page,
        publicUrl: ctx.config.publicUrl,
      });
      return rows;
    },
  );

  app.post(
    '/platform/v1/privacy/erasure-requests',
    {
      config: { auth },
      schema: {
        tags: ['platform'],
        summary: 'Adds an erasure request (e-mails a confirmation link unless told not to).',
        body: AddErasureRequestBody,
        response: { 201: ErasureRequestSchema },
      },
    },
    async (request, reply) => {
      const row = await addErasureRequest(ctx, {
        usernameOrEmail: request.body.username_or_email,
        sendConfirmation: request.body.send_confirmation_email ?? true,
      });
      return reply.code(201).send(erasureRequestView(row));
    },
  );

  app.post(
    '/platform/v1/privacy/erasure-requests/:id/erase',
    {
      config: { auth },
      schema: {
        tags: ['platform'],
        summary: "Runs every module's eraser for a confirmed request and records what each did.",
        params: IdParams,
        response: { 200: ErasureRequestSchema },
      },
    },
    async (request) => erasureRequestView(await runErasure(ctx, request.params.id)),
  );

  app.delete(
    '/platform/v1/privacy/erasure-requests/:id',
    {
      config: { auth },
      schema: {
        tags: ['platform'],
        summary: 'Deletes a request (what was erased stays erased).',
        params: IdParams,
        response: { 200: Type.Object({ deleted: Type.Boolean(), id: Type.Integer() }) },
      },
    },
    async (request) => {
      await removeErasureRequest(ctx, request.params.id);
      return { deleted: true, id: request.params.id };
    },
  );
}

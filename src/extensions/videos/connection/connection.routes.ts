import { Type } from '@sinclair/typebox';
import type { RestApp } from '../../../platform/http/server.js';
import { ADMIN_POLICY } from '../common/admin-policy.js';
import { SettingsReply } from '../settings/settings.schemas.js';
import type { VideosServices } from '../videos.services.js';
import { ChannelReply, CredentialsBody, doc, OAuthCallbackQuery, ok } from '../videos.schemas.js';

const config = { auth: ADMIN_POLICY };
const NS = '/videos/v1';

/** The channel connection routes of `videos/v1`: connect (credentials or OAuth), test and disconnect. */
export function registerConnectionRoutes(app: RestApp, s: VideosServices): void {
  app.post(
    `${NS}/auth/connect`,
    {
      config,
      schema: {
        ...doc('Save channel credentials and test them'),
        body: CredentialsBody,
        response: ok(SettingsReply),
      },
    },
    async (request) => ({
      success: true,
      message: 'Channel connected.',
      data: await s.settings.view(await s.connection.connect(request.body)),
    }),
  );

  app.get(
    `${NS}/videoplatform/oauth-connect`,
    {
      config,
      schema: { ...doc('Redirect to the OAuth proxy to start consent'), response: { 302: Type.Null() } },
    },
    async (request, reply) => reply.redirect(await s.connection.oauthConnectUrl(request.principal), 302),
  );

  app.get(
    `${NS}/videoplatform/oauth-callback`,
    {
      config,
      schema: {
        ...doc('Where the OAuth proxy returns (state check, then connect)'),
        querystring: OAuthCallbackQuery,
        response: ok(SettingsReply),
      },
    },
    async (request) => ({
      success: true,
      message: 'Channel connected.',
      data: await s.settings.view(await s.connection.oauthCallback(request.principal, request.query)),
    }),
  );

  app.post(
    `${NS}/videoplatform/test-connection`,
    {
      config,
      schema: {
        ...doc('Test credentials without saving anything'),
        body: CredentialsBody,
        response: ok(ChannelReply),
      },
    },
    async (request) => {
      const channel = await s.connection.test(request.body);
      return {
        success: true,
        message: 'Connection successful!',
        channel_id: channel.channel_id,
        title: channel.title,
        description: channel.description,
        thumbnails: channel.thumbnails,
      };
    },
  );

  app.delete(
    `${NS}/videoplatform/disconnect`,
    {
      config,
      schema: {
        ...doc('Clear the connection status and channel name (credentials kept)'),
        response: ok(SettingsReply),
      },
    },
    async () => ({
      success: true,
      message: 'Account disconnected; stored credentials were kept.',
      data: await s.settings.view(await s.connection.disconnect()),
    }),
  );
}

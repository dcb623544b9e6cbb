import type { RestApp } from './server.js';

/** Registers routes that receive their body as the exact text sent (webhooks verify signatures over it). */
export function withRawBodies(app: RestApp, register: (scope: RestApp) => void): void {
  void app.register(async (scope: RestApp) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, String(body)));
    register(scope);
  });
}

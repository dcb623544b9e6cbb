import { parseFormBody } from './request-parsers.js';
import type { RestApp } from './server.js';

/**
 * Registers routes whose url-encoded bodies are read flat, every field under its own name (`quantity[12]=2` is
 * the field `quantity[12]`), for forms keyed by id the way WooCommerce's PHP forms are; other routes keep lists.
 */
export function withFlatFormBodies(app: RestApp, register: (scope: RestApp) => void): void {
  void app.register(async (scope: RestApp) => {
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        try {
          done(null, parseFormBody(String(body), { flat: true }));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    register(scope);
  });
}

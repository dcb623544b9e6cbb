// A real `serve()` process with one extra route that takes a while: the graceful-shutdown test's subject.
import { serve } from '../../../src/cli/serve.js';
import { allExtensions } from '../../../src/extensions/index.js';
import { defineExtension } from '../../../src/extensions/define-extension.js';
import { loadConfig } from '../../../src/platform/config/config.js';

const slow = defineExtension({
  name: 'slow',
  migrations: {},
  services: (ctx) => ({ ctx }),
  routes(app) {
    app.get('/slow/v1/wait', { config: { auth: { access: 'public', nonce: 'never' } } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { done: true };
    });
  },
});

process.exitCode = await serve(loadConfig(), { extensions: [...allExtensions, slow] });

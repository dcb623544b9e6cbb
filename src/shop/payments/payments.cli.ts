import type { CliCommand } from '../../platform/cli/cli-command.js';
import { integerOption } from '../../platform/cli/cli-options.js';
import type { ShopContext } from '../shop-part.js';
import { runStripeFake } from './stripe/stripe-demo.js';

/** `storeside payments fake`: the Stripe fake in the foreground, webhooks sent to this shop. */
export const paymentsCliCommands: ReadonlyArray<CliCommand<ShopContext>> = [
  {
    name: ['payments', 'fake'],
    summary: 'Run the fake Stripe API and hosted payment page in the foreground (Ctrl-C stops).',
    options: {
      port: { type: 'string', value: '<port>', description: 'Port to listen on (default 8095).' },
    },
    async run(ctx, { options, print }) {
      const fake = await runStripeFake({
        port: integerOption(options, 'port', { default: 8095, min: 1, max: 65_535 }),
        webhookUrl: `${ctx.config.publicUrl}/?wc-api=wc_stripe`,
      });
      print('Fake Stripe running. Start the server with:');
      print(`  export STRIPE_API_BASE=${fake.base}`);
      print('Pay on its hosted page with the card it offers; its webhooks go to this shop.');
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await fake.stop();
      return 0;
    },
  },
];

import type { CliCommand } from '../../platform/cli/cli-command.js';
import type { ExtensionContext } from '../define-extension.js';
import { DEMO_CHANNEL_ID, runFakeServices, syncFromFakeChannel } from './demo/videos-fakes.js';
import { videosServices } from './videos.services.js';

/** `storeside videos sync` (with a progress bar) and `storeside videos fakes`. */
export function videosCli(ctx: ExtensionContext): CliCommand[] {
  return [
    {
      name: ['videos', 'sync'],
      summary:
        'Sync the channel library now (or, with --with-fakes, from a fake channel of --videos N videos).',
      usage: 'storeside videos sync [--with-fakes [--videos=60]]',
      async run({ flags, print }) {
        const bar = progressBar(print);
        const videoCount = Number(flags.videos ?? 60);
        const result =
          flags['with-fakes'] === true
            ? await syncFromFakeChannel(ctx, { videoCount, onProgress: bar })
            : await videosServices(ctx).sync.sync(bar);
        bar.done();
        print(
          `Synced ${result.video_count} videos from "${result.channel.title}" (${result.added} new, ${result.removed} gone) using ${result.quota_units} quota units.`,
        );
        return 0;
      },
    },
    {
      name: ['videos', 'fakes'],
      summary: 'Run the fake YouTube API, OAuth proxy and license server in the foreground (Ctrl-C stops).',
      usage: 'storeside videos fakes [--port=8090] [--videos=60]',
      async run({ flags, print }) {
        const fakes = await runFakeServices({
          port: Number(flags.port ?? 8090),
          videoCount: Number(flags.videos ?? 60),
        });
        print('Fake services running. Start the server with:');
        for (const [name, value] of Object.entries(fakes.env)) print(`  export ${name}=${value}`);
        print(
          `Connect with API key ${fakes.apiKey} and channel id ${DEMO_CHANNEL_ID}; license key DEMO-PRO-LICENSE.`,
        );
        await new Promise<void>((resolve) => {
          process.once('SIGINT', resolve);
          process.once('SIGTERM', resolve);
        });
        await fakes.stop();
        return 0;
      },
    },
  ];
}

/** A text progress bar on a terminal (one redrawn line), or a line per quarter otherwise. */
function progressBar(print: (line: string) => void) {
  const tty = process.stderr.isTTY === true;
  let lastQuarter = -1;
  const update = (done: number, total: number) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 0;
    if (tty) {
      const width = 30;
      const filled = Math.round(ratio * width);
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} videos`);
    } else if (Math.floor(ratio * 4) > lastQuarter) {
      lastQuarter = Math.floor(ratio * 4);
      print(`${done}/${total} videos listed`);
    }
  };
  return Object.assign(update, {
    done: () => {
      if (tty) process.stderr.write('\n');
    },
  });
}

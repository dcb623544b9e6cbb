import type { CliCommand } from '../../../platform/cli/cli-command.js';
import { integerOption } from '../../../platform/cli/cli-options.js';
import { DEMO_CHANNEL_ID, runFakeServices, syncFromFakeChannel } from '../demo/videos-fakes.js';
import type { VideosServices } from '../videos.services.js';

/** `storeside videos sync` (with a progress bar) and `storeside videos fakes`. */
export const videosCli: ReadonlyArray<CliCommand<VideosServices>> = [
  {
    name: ['videos', 'sync'],
    summary:
      'Sync the channel library now (or, with --with-fakes, from a fake channel of --videos N videos).',
    options: {
      'with-fakes': { type: 'boolean', description: 'Sync from a fake channel instead of YouTube.' },
      videos: { type: 'string', value: '<n>', description: 'Videos in the fake channel (default 60).' },
    },
    async run(s, { options, print }) {
      const videoCount = integerOption(options, 'videos', VIDEO_COUNT);
      const bar = progressBar(print);
      const result =
        options['with-fakes'] === true
          ? await syncFromFakeChannel(s, { videoCount, onProgress: bar })
          : await s.sync.sync(bar);
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
    options: {
      port: { type: 'string', value: '<port>', description: 'Port to listen on (default 8090).' },
      videos: { type: 'string', value: '<n>', description: 'Videos in the fake channel (default 60).' },
    },
    async run(_ctx, { options, print }) {
      const fakes = await runFakeServices({
        port: integerOption(options, 'port', { default: 8090, min: 1, max: 65_535 }),
        videoCount: integerOption(options, 'videos', VIDEO_COUNT),
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

const VIDEO_COUNT = { default: 60, min: 1, max: 100_000 };

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

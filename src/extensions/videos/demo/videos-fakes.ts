import { FakeLicenseServer } from '../../../fakes/license-server.fake.js';
import { FakeYouTube } from '../../../fakes/youtube.fake.js';
import type { VideosServices } from '../videos.services.js';

/** The channel the demo and `--with-fakes` runs sync from (same id, hence the same videos, every time). */
export const DEMO_CHANNEL_ID = 'UCstoresideDemoChannel00';

/**
 * Connects and syncs through a fake YouTube started in this process (for `storeside demo --with-fakes` and
 * `storeside videos sync --with-fakes`): service URLs point at the fake only while it runs. The library stays.
 */
export async function syncFromFakeChannel(
  s: VideosServices,
  input: { videoCount: number; onProgress?: (done: number, total: number) => void },
) {
  const youtube = new FakeYouTube();
  youtube.addChannel({ id: DEMO_CHANNEL_ID, title: 'Storeside Demo Channel', videoCount: input.videoCount });
  const urls = await youtube.start();
  const { ctx } = s;
  const saved = { ...ctx.config.services };
  ctx.config.services.VIDEOS_API_BASE_URL = urls.apiBaseUrl;
  ctx.config.services.VIDEOS_OAUTH_PROXY_URL = urls.oauthProxyUrl;
  try {
    await s.connection.connect({
      connection_method: 'api',
      api_key: youtube.issueApiKey('demo'),
      channel_id: DEMO_CHANNEL_ID,
    });
    return await s.sync.sync(input.onProgress);
  } finally {
    Object.assign(ctx.config.services, saved);
    await youtube.stop();
  }
}

/** Runs the fake YouTube + OAuth proxy and license server until stopped; returns the env lines to use them. */
export async function runFakeServices(input: { port: number; videoCount: number }) {
  const youtube = new FakeYouTube();
  youtube.addChannel({ id: DEMO_CHANNEL_ID, title: 'Storeside Demo Channel', videoCount: input.videoCount });
  const apiKey = youtube.issueApiKey('demo');
  const licenses = new FakeLicenseServer();
  licenses.addLicense({ key: 'DEMO-PRO-LICENSE', slug: 'videos-pro' });
  const urls = await youtube.start(input.port);
  const licenseUrl = await licenses.start(input.port === 0 ? 0 : input.port + 1);
  return {
    apiKey,
    env: {
      VIDEOS_API_BASE_URL: urls.apiBaseUrl,
      VIDEOS_OAUTH_PROXY_URL: urls.oauthProxyUrl,
      LICENSE_SERVER_URL: licenseUrl,
    },
    stop: async () => {
      await youtube.stop();
      await licenses.stop();
    },
  };
}

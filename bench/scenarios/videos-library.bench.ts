import { BROWSER_HEADERS, defineScenario } from '../scenario.js';

/** `GET /videos/v1/videoplatform/videos` with a search, a sort and a page token over a 5,000-video library. */
export default defineScenario({
  description:
    'GET /wp-json/videos/v1/videoplatform/videos (search + sort + page_token) over 5,000 synced videos',
  targetRatio: 0.4,
  async setup(ctx) {
    const status = await ctx.rest<{ library_size: number }>(
      'GET',
      '/videos/v1/videoplatform/sync-library-status',
    );
    if (status.library_size < 5000) await ctx.cli(['videos', 'sync', '--with-fakes', '--videos=5000']);
    const session = await ctx.login();
    const query = '/wp-json/videos/v1/videoplatform/videos?search=review&sort=title_asc';
    const first = await ctx.rest<{ next_page_token: string | null; total: number }>(
      'GET',
      query.slice('/wp-json'.length),
    );
    if (!first.next_page_token || first.total < 100)
      throw new Error('videos bench: the library did not sync');
    return [
      { path: query, headers: { ...session.headers, ...BROWSER_HEADERS } },
      {
        path: `${query}&page_token=${encodeURIComponent(first.next_page_token)}`,
        headers: { ...session.headers, ...BROWSER_HEADERS },
      },
    ];
  },
});

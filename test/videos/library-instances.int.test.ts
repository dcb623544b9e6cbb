import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StoresideApp } from '../../src/app.js';
import { LIBRARY_LISTING_TOPICS } from '../../src/extensions/videos/library/library-query.service.js';
import { replaceLibrary } from '../../src/extensions/videos/library/library.repository.js';
import { videosExtension } from '../../src/extensions/videos/videos.extension.js';
import { connectApiChannel, createVideosTestApp, type VideosTestApp } from './videos-helpers.js';

// Two instances on one database (a SQLite file or one PostgreSQL schema): the test app (A) and a second app (B).
// A change made through B reaches A's cached listing and its replayed answers on the very next request: every
// request first reads the data versions committed before it arrived (platform/cache/data-versions.ts).
const LIMIT_MS = 400;
const FILE = 'videos-instances.sqlite';
let v: VideosTestApp;
let b: StoresideApp;

beforeAll(async () => {
  v = await createVideosTestApp({ sqliteFile: FILE });
  await connectApiChannel(v, 60);
  expect((await v.api('GET', '/videos/v1/videoplatform/sync-library')).statusCode).toBe(200);
  let schema: string | undefined;
  if (v.t.config.databaseUrl) {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(v.t.ctx.db);
    schema = rows[0]?.name;
  }
  b = await buildApp({
    config: v.t.config,
    sqliteFile: FILE,
    databaseSchema: schema,
    extensions: [videosExtension],
    clock: v.clock,
    print: () => {},
  });
});
afterAll(async () => {
  await b?.close();
  await v?.close();
});

/** Resolves once `read` answers what `done` accepts, reading every 5 ms; fails after LIMIT_MS. */
async function within<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    expect(performance.now() - started).toBeLessThan(LIMIT_MS);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Page = { total: number; videos: Array<{ id: string; assigned_count: number }> };

describe('the video library on two instances', () => {
  const listOnA = async (): Promise<Page> => {
    const r = await v.api('GET', '/videos/v1/videoplatform/videos');
    expect(r.statusCode).toBe(200);
    return r.json();
  };

  it('should show on one instance an assignment made through the other', async () => {
    const productId = await v.product({ name: 'Gimbal B' });
    // The product's own catalogue bump is seen committed here first, so that the listing below is cached.
    await within(
      async () => v.t.ctx.versions.stamp(LIBRARY_LISTING_TOPICS),
      (stamp) => stamp !== null,
    );
    const before = await listOnA();
    expect(await listOnA()).toEqual(before);
    const id = before.videos[3]!.id;
    const assigned = await b.app.inject({
      method: 'POST',
      url: '/wp-json/videos/v1/products/bulk-assign',
      headers: v.admin,
      payload: { product_ids: [productId], video_ids: [id] },
    });
    expect(assigned.statusCode).toBe(200);
    const after = await listOnA();
    expect(after.videos[3]).toMatchObject({ id, assigned_count: 1 });
  });

  it('should stop replaying a listing on one instance once the library changed through the other', async () => {
    await v.t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(v.t.app.server.address() as { port: number }).port}`;
    const fetchList = async () => {
      const before = v.t.app.replayLane.replayed;
      const r = await fetch(`${base}/wp-json/videos/v1/videoplatform/videos`, { headers: v.admin });
      expect(r.status).toBe(200);
      return { page: (await r.json()) as Page, replayed: v.t.app.replayLane.replayed > before };
    };
    const first = await fetchList();
    expect((await fetchList()).replayed).toBe(true);
    const rows = await b.ctx.db.selectFrom('videos_library').selectAll().execute();
    await b.ctx.db.transaction().execute((trx) => replaceLibrary(trx, rows.slice(0, 9)));
    const changed = await fetchList();
    expect(changed).toMatchObject({ page: { total: 9 }, replayed: false });
    await b.ctx.db.transaction().execute((trx) => replaceLibrary(trx, rows));
    expect(await fetchList()).toMatchObject({ page: { total: first.page.total }, replayed: false });
  });
});
